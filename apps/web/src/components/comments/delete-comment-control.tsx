'use client';

import type { CommentView } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDeleteCommentMutation } from '@/client';
import { ConfirmButtons } from '../confirm-buttons';
import { useErrorText } from '../error-message';
import { notifyError, notifySuccess } from '../toast';
import { useConfirmFocus } from '../use-confirm-focus';
import styles from './comments.module.css';

/**
 * Delete with a confirmation step, as a post's is (post-detail/delete-post-control.tsx): the first press only
 * asks, "Yes, delete" deletes. The comment (with its replies, for a thread's first one) leaves at once; if the call
 * fails it comes back and a toast says why. `onDeleted` is told once it has gone, to put the focus somewhere.
 */
export function DeleteCommentControl({
  comment,
  hasReplies,
  onDeleted,
}: {
  comment: CommentView;
  hasReplies: boolean;
  onDeleted: () => void;
}) {
  const t = useTranslations('Comments');
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const [deleteComment, { isLoading }] = useDeleteCommentMutation();
  const { cancelButton, askButton: deleteButton, wasConfirming } = useConfirmFocus(confirming);

  const confirm = async () => {
    // The comment leaves the list as the call starts: the focus must not go with it.
    wasConfirming.current = false;
    onDeleted();
    const outcome = await deleteComment({ params: { commentId: comment.id } });
    if (outcome.error) {
      setConfirming(false);
      notifyError(errorText(outcome.error));
      return;
    }
    notifySuccess(t('deleted'));
  };

  if (!confirming) {
    return (
      <button
        ref={deleteButton}
        type="button"
        className={styles.dangerAction}
        onClick={() => setConfirming(true)}
        aria-label={t('deleteBy', { name: comment.author.displayName })}
      >
        {t('delete')}
      </button>
    );
  }
  return (
    // Escape is the keyboard's "Cancel".
    <fieldset
      className={styles.confirm}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !isLoading) setConfirming(false);
      }}
    >
      <legend className={styles.question}>{t(hasReplies ? 'deleteThreadQuestion' : 'deleteQuestion')}</legend>
      <ConfirmButtons
        confirm={{ label: t('confirmDelete'), danger: true, onClick: confirm }}
        cancel={{ label: t('cancel'), onClick: () => setConfirming(false), ref: cancelButton }}
        busy={isLoading}
      />
    </fieldset>
  );
}
