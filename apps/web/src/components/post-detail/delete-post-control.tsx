'use client';

import { Trash2 } from 'lucide';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDeletePostMutation } from '@/client';
import { Icon } from '@/components/icon';
import { notifyError, notifySuccess } from '../toast';
import { useConfirmFocus } from '../use-confirm-focus';
import styles from './post-detail.module.css';

/** Where the author lands after deleting a post: their own profile, which no longer lists it. */
const AFTER_DELETE_PATH = '/me';

/**
 * Delete with a confirmation step: the first press only asks, "Yes, delete" deletes. On success the author
 * goes to their profile (replacing this page in the history, so Back does not lead to a deleted post).
 */
export function DeletePostControl({ postId }: { postId: string }) {
  const t = useTranslations('PostDetail');
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [deletePost, { isLoading }] = useDeletePostMutation();
  const { cancelButton, askButton: deleteButton } = useConfirmFocus(confirming);

  const confirm = async () => {
    const outcome = await deletePost({ params: { id: postId } });
    if (outcome.error) {
      notifyError(t('deleteFailed'));
      setConfirming(false);
      return;
    }
    notifySuccess(t('deleted'));
    router.replace(AFTER_DELETE_PATH);
  };

  if (!confirming) {
    return (
      <button ref={deleteButton} type="button" className={styles.dangerButton} onClick={() => setConfirming(true)}>
        <Icon node={Trash2} className={styles.icon} />
        {t('deletePost')}
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
      <legend className={styles.question}>{t('deleteQuestion')}</legend>
      <div className={styles.row}>
        <button type="button" className={styles.dangerPrimaryButton} onClick={confirm} disabled={isLoading}>
          {isLoading ? t('deleting') : t('confirmDelete')}
        </button>
        <button
          ref={cancelButton}
          type="button"
          className={styles.button}
          onClick={() => setConfirming(false)}
          disabled={isLoading}
        >
          {t('cancel')}
        </button>
      </div>
    </fieldset>
  );
}
