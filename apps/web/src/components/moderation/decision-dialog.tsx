'use client';

import type { ModerationAction } from '@civitas/contract';
import { inputLimits } from '@civitas/contract/routes-table';
import { useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useDecideReportMutation } from '@/client/api/moderation-queue-api';
import { ConfirmButtons } from '../confirm-buttons';
import { useErrorText } from '../error-message';
import { notifySuccess } from '../toast';
import { actionKey, destructive } from './actions';
import styles from './moderation.module.css';

interface DecisionDialogProps {
  action: ModerationAction;
  reportId: string;
  /** Whom the decision is about: the citizen, or the post's or the comment's author. */
  name: string;
  onClose: () => void;
}

/**
 * Asks before a decision (ADR 073): a modal dialog (the platform's `<dialog>`: focus moves in and stays, Escape
 * cancels, the page behind is inert) saying what the decision will do, with a note for the log. The decision is
 * sent only from here; a failure is said inside the dialog, which stays open to try again or cancel.
 */
export function DecisionDialog({ action, reportId, name, onClose }: DecisionDialogProps) {
  const t = useTranslations('Moderation');
  const errorText = useErrorText();
  const dialog = useRef<HTMLDialogElement>(null);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [decide, { isLoading }] = useDecideReportMutation();
  const ids = { heading: useId(), explain: useId(), note: useId(), hint: useId() };
  const key = actionKey[action];

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // Closed on the way out, so the browser gives the focus back to the button that opened it.
    return () => element?.close();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const outcome = await decide({ params: { id: reportId }, body: { action, note } });
    if (outcome.error) {
      setFailure(t('confirm.failed', { reason: errorText(outcome.error) }));
      return;
    }
    notifySuccess(t(`done.${key}`, { name }));
    onClose();
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={ids.heading}
      aria-describedby={ids.explain}
      onClose={onClose}
    >
      <form onSubmit={submit}>
        <h2 id={ids.heading} className={styles.dialogHeading}>
          {t(`actions.${key}`)}
        </h2>
        <p id={ids.explain}>{t(`confirm.${key}`, { name })}</p>
        <label htmlFor={ids.note} className={styles.label}>
          {t('confirm.note')}
        </label>
        <textarea
          id={ids.note}
          className={styles.noteField}
          aria-describedby={ids.hint}
          value={note}
          maxLength={inputLimits.moderationNoteMaxLength}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
        />
        <p id={ids.hint} className={styles.hint}>
          {t('confirm.noteHint')}
        </p>
        <ConfirmButtons
          confirm={{
            label: isLoading ? t('confirm.saving') : t(`actions.${key}`),
            danger: destructive(action),
            submit: true,
          }}
          cancel={{ label: t('confirm.cancel'), onClick: onClose }}
          busy={isLoading}
          failure={failure}
        />
      </form>
    </dialog>
  );
}
