'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { loadStore } from '@/client/lazy-store';
import { BottomSheet } from '../bottom-sheet';
import { ConfirmButtons } from '../confirm-buttons';
import { useErrorText } from '../error-message';
import { notifySuccess } from '../toast';
import { ReportForm } from './report-form';
import styles from './safety.module.css';
import type { SafetyDialogKind, SafetySubject } from './safety-subject';

/**
 * Marks the safe choice as the one `showModal` focuses (the platform's `autofocus`, which React's `autoFocus`
 * does not write: it focuses in its own commit, before the sheet opens). Enter pressed twice blocks nobody.
 */
const focusFirst = (button: HTMLButtonElement | null) => button?.setAttribute('autofocus', '');

/**
 * Where a citizen lands after blocking someone from their profile or post: the stage, since the page they were on
 * is gone for them. A block from a comment's menu leaves them on the post.
 */
const AFTER_BLOCK_PATH = '/';

interface SafetyDialogProps {
  kind: SafetyDialogKind;
  subject: SafetySubject;
  /** The dialog closed (done, cancelled, Escape): the menu takes the focus back. */
  onClose: () => void;
  onMuted: () => void;
}

/**
 * The menu's dialogs (ADR 071), each saying what will happen before it does: a block, a mute, or a report. A
 * bottom sheet (a modal `<dialog>`: focus kept inside, Escape closes it); the focus starts on the safe choice.
 */
export default function SafetyDialog({ kind, subject, onClose, onMuted }: SafetyDialogProps) {
  const headingId = useId();
  return (
    <BottomSheet open onClose={onClose} labelledBy={headingId}>
      <div className={styles.dialog}>
        {kind === 'report' ? (
          <ReportForm subject={subject} headingId={headingId} onClose={onClose} />
        ) : (
          <Confirmation kind={kind} subject={subject} headingId={headingId} onClose={onClose} onMuted={onMuted} />
        )}
      </div>
    </BottomSheet>
  );
}

function Confirmation({
  kind,
  subject,
  headingId,
  onClose,
  onMuted,
}: {
  kind: 'block' | 'mute';
  subject: SafetySubject;
  headingId: string;
  onClose: () => void;
  onMuted: () => void;
}) {
  const t = useTranslations('Safety');
  const errorText = useErrorText();
  const router = useRouter();
  const explanationId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { username } = subject;
  const words =
    kind === 'block'
      ? {
          heading: t('block.heading', { username }),
          explanation: t('block.explanation', { username }),
          confirm: t('block.confirm'),
          done: t('block.done', { username }),
        }
      : {
          heading: t('mute.heading', { username }),
          explanation: t('mute.explanation', { username }),
          confirm: t('mute.confirm'),
          done: t('mute.done', { username }),
        };

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const outcome = await (await loadStore()).setSafety(kind, subject.citizenId);
      if (!outcome.ok) {
        setFailure(errorText(outcome.error));
        setBusy(false);
        return;
      }
    } catch (error) {
      setFailure(errorText({ status: 'FETCH_ERROR', error: String(error) }));
      setBusy(false);
      return;
    }
    notifySuccess(words.done);
    if (kind === 'block' && subject.commentId) {
      // The post their comment is under stays mine to read: the block takes their comments from it (the caches
      // are read again once a block is written), and the page is drawn again, in case the post was theirs too.
      router.refresh();
      onClose();
      return;
    }
    if (kind === 'block') {
      // Their profile and posts are gone for me now: the stage, with nothing of theirs (ADR 069, 071).
      router.replace(AFTER_BLOCK_PATH);
      return;
    }
    onMuted();
    onClose();
  };

  return (
    <>
      <h2 id={headingId}>{words.heading}</h2>
      <p id={explanationId}>{words.explanation}</p>
      <ConfirmButtons
        confirm={{ label: words.confirm, danger: kind === 'block', onClick: confirm, describedBy: explanationId }}
        cancel={{ label: t('cancel'), onClick: onClose, ref: focusFirst }}
        busy={busy}
        failure={failure}
      />
    </>
  );
}
