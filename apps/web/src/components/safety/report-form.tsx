'use client';

import type { ReportReason } from '@civitas/contract';
import { inputLimits } from '@civitas/contract/routes-table';
import { useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { errorBodyOf } from '@/client/api/errors';
import { loadStore } from '@/client/lazy-store';
import { ConfirmButtons } from '../confirm-buttons';
import { useErrorText } from '../error-message';
import styles from './safety.module.css';
import { reportedSubject, type SafetySubject } from './safety-subject';

/** The contract's reasons (`ReportReason`), in the order the form lists them: the most common first. */
const REASONS = [
  'spam',
  'harassment',
  'violence',
  'sexual',
  'illegal',
  'other',
] as const satisfies readonly ReportReason[];

type Step = 'form' | 'sending' | 'thanks' | 'already';

/**
 * A report of a post (on its page), of a comment (under its post, ADR 084) or of a citizen (on their profile),
 * ADR 070 and 071: a reason, an optional note, then a thank-you. A second report while the first is open is the
 * server's 409 `REPORT_ALREADY_OPEN`, said as "already being looked at" rather than as a failure; the reports'
 * hourly budget (429) is said in words.
 */
export function ReportForm({
  subject,
  headingId,
  onClose,
}: {
  subject: SafetySubject;
  headingId: string;
  onClose: () => void;
}) {
  const t = useTranslations('Safety');
  const errors = useTranslations('Errors');
  const errorText = useErrorText();
  const noteId = useId();
  const hintId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [step, setStep] = useState<Step>('form');
  const [failure, setFailure] = useState<string | null>(null);
  const firstReason = useRef<HTMLInputElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const { username } = subject;
  const finished = step === 'thanks' || step === 'already';

  useEffect(() => {
    if (finished) close.current?.focus();
  }, [finished]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setFailure(t('report.reasonRequired'));
      firstReason.current?.focus();
      return;
    }
    setStep('sending');
    setFailure(null);
    try {
      const { sendReport } = await loadStore();
      const about = reportedSubject(subject);
      const outcome = await sendReport(about, reason, note);
      if (outcome.ok) {
        setStep('thanks');
        return;
      }
      const error = outcome.error as { status?: unknown; data?: unknown };
      if (errorBodyOf(error.data)?.code === 'REPORT_ALREADY_OPEN') {
        setStep('already');
        return;
      }
      setFailure(error.status === 429 ? errors('tooManyReports') : errorText(outcome.error));
    } catch (error) {
      setFailure(errorText({ status: 'FETCH_ERROR', error: String(error) }));
    }
    setStep('form');
  };

  if (finished) {
    const which = step === 'thanks' ? 'thanks' : 'already';
    return (
      <>
        <h2 id={headingId}>{t(`report.${which}Heading`)}</h2>
        <p id={hintId} role="status">
          {t(`report.${which}`)}
        </p>
        <button ref={close} type="button" className={styles.primary} aria-describedby={hintId} onClick={onClose}>
          {t('close')}
        </button>
      </>
    );
  }

  return (
    <form onSubmit={send} aria-busy={step === 'sending'}>
      <h2 id={headingId}>{t(`report.${reportedSubject(subject).kind}Heading`, { username })}</h2>
      <fieldset className={styles.reasons}>
        <legend>{t('report.reasonLegend')}</legend>
        {REASONS.map((choice, index) => (
          <label key={choice} className={styles.reason}>
            <input
              ref={index === 0 ? firstReason : undefined}
              type="radio"
              name="reason"
              value={choice}
              checked={reason === choice}
              onChange={() => setReason(choice)}
            />
            {t(`report.reasons.${choice}`)}
          </label>
        ))}
      </fieldset>
      <div className={styles.note}>
        <label htmlFor={noteId}>{t('report.noteLabel')}</label>
        <textarea
          id={noteId}
          className={styles.noteField}
          value={note}
          maxLength={inputLimits.moderationNoteMaxLength}
          aria-describedby={hintId}
          onChange={(event) => setNote(event.target.value)}
        />
        <span id={hintId} className={styles.hint}>
          {t('report.noteHint', { max: inputLimits.moderationNoteMaxLength })}
        </span>
      </div>
      <ConfirmButtons
        confirm={{ label: step === 'sending' ? t('report.sending') : t('report.submit'), submit: true }}
        cancel={{ label: t('cancel'), onClick: onClose }}
        busy={step === 'sending'}
        failure={failure}
      />
    </form>
  );
}
