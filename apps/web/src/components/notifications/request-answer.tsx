'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApproveFriendRequestMutation, useDeclineFriendRequestMutation } from '@/client';
import { notifyError } from '../toast';
import styles from './notifications.module.css';

/**
 * A pending friend request's answers, on its line: Accept (filled: the answer it waits for) and Decline. Once
 * answered the line says so; the list, read again later, shows the request as no longer pending.
 */
export function RequestAnswer({ requestId, name }: { requestId: string; name: string }) {
  const t = useTranslations('Notifications');
  const [approve] = useApproveFriendRequestMutation();
  const [decline] = useDeclineFriendRequestMutation();
  const [answered, setAnswered] = useState<'accept' | 'decline' | null>(null);
  if (answered) {
    return (
      <p className={styles.answered} role="status">
        {t(answered === 'accept' ? 'accepted' : 'declined')}
      </p>
    );
  }
  const answer = async (kind: 'accept' | 'decline') => {
    setAnswered(kind);
    const outcome = await (kind === 'accept' ? approve : decline)({ params: { id: requestId } });
    if (outcome.error) {
      setAnswered(null);
      notifyError(t(kind === 'accept' ? 'acceptFailed' : 'declineFailed', { name }));
    }
  };
  return (
    <div className={styles.answers}>
      <button
        type="button"
        className={styles.accept}
        aria-label={t('acceptLabel', { name })}
        onClick={() => answer('accept')}
      >
        {t('accept')}
      </button>
      <button
        type="button"
        className={styles.decline}
        aria-label={t('declineLabel', { name })}
        onClick={() => answer('decline')}
      >
        {t('decline')}
      </button>
    </div>
  );
}
