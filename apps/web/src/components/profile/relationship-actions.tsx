'use client';

import type { ProfileView } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { hasPendingRequestId } from '@/client/optimistic/friends';
import type { RelationshipCall } from '@/client/optimistic/relationship';
import { AppOnlyButton } from '../app-only-prompt';
import styles from './profile.module.css';

/**
 * What a citizen can do about another person, exactly as their relationship allows (spec §4): follow or
 * unfollow; add a friend, cancel my request, accept or decline theirs, or unfriend after confirming. `act`
 * makes the change: it shows at once and goes back with a toast if the call fails (citizen-profile.tsx).
 */
export function RelationshipActions({ profile, act }: { profile: ProfileView; act: (call: RelationshipCall) => void }) {
  const t = useTranslations('Profile');
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const unfriendButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const citizenId = profile.id;
  const request = profile.friendRequestDetails;
  const name = profile.displayName;

  const closeConfirm = () => {
    setConfirming(false);
    // Back where the person was, not at the top of the page.
    requestAnimationFrame(() => unfriendButton.current?.focus());
  };

  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={profile.amIFollowing ? styles.button : styles.primaryButton}
        onClick={() => act({ kind: profile.amIFollowing ? 'unfollow' : 'follow', citizenId })}
      >
        {profile.amIFollowing ? t('unfollow') : t('follow')}
      </button>

      {profile.isFriends ? (
        <button
          ref={unfriendButton}
          type="button"
          className={styles.button}
          disabled={confirming}
          aria-expanded={confirming}
          onClick={() => setConfirming(true)}
        >
          {t('unfriend')}
        </button>
      ) : request?.isOutFriendRequest ? (
        // A request just sent has no id until the server answers; cancelling waits for it.
        <button
          type="button"
          className={styles.button}
          disabled={hasPendingRequestId(profile)}
          onClick={() => act({ kind: 'cancelFriendRequest', requestId: request.id })}
        >
          {t('cancelRequest')}
        </button>
      ) : request ? (
        <>
          <button
            type="button"
            className={styles.primaryButton}
            onClick={() => act({ kind: 'approveFriendRequest', requestId: request.id })}
          >
            {t('accept')}
          </button>
          <button
            type="button"
            className={styles.button}
            onClick={() => act({ kind: 'declineFriendRequest', requestId: request.id })}
          >
            {t('decline')}
          </button>
        </>
      ) : (
        <button type="button" className={styles.button} onClick={() => act({ kind: 'sendFriendRequest', citizenId })}>
          {t('addFriend')}
        </button>
      )}

      <AppOnlyButton feature="messages" className={styles.button} />

      {request && !profile.isFriends ? (
        <p className={styles.note} role="status">
          {request.isOutFriendRequest ? t('requestSent', { name }) : t('requestReceived', { name })}
        </p>
      ) : null}

      {confirming && profile.isFriends ? (
        <div className={styles.confirm}>
          <p id="unfriend-question">{t('unfriendQuestion', { name })}</p>
          <div className={styles.confirmButtons}>
            <button
              ref={confirmButton}
              type="button"
              aria-describedby="unfriend-question"
              className={styles.primaryButton}
              onClick={() => {
                setConfirming(false);
                act({ kind: 'unfriend', citizenId });
              }}
            >
              {t('unfriendConfirm')}
            </button>
            <button type="button" className={styles.button} onClick={closeConfirm}>
              {t('unfriendKeep')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
