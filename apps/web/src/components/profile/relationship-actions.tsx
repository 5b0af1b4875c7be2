'use client';

import type { ProfileView } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import {
  hasPendingRequestId,
  useApproveFriendRequestMutation,
  useCancelFriendRequestMutation,
  useDeclineFriendRequestMutation,
  useFollowMutation,
  useSendFriendRequestMutation,
  useUnfollowMutation,
  useUnfriendMutation,
} from '@/client';
import { AppOnlyButton } from '../app-only-prompt';
import { useErrorText } from '../error-message';
import { notifyError } from '../toast';
import styles from './profile.module.css';

type Outcome = { error?: unknown } | undefined;

/**
 * What a citizen can do about another person, exactly as their relationship allows (spec §4): follow or
 * unfollow; add a friend, cancel my request, accept or decline theirs, or unfriend after confirming. Every
 * change shows at once (the client layer's optimistic updates) and goes back with a toast if the call fails.
 * `live` is false until the profile is in the client's cache: before that a change would have nothing to show.
 */
export function RelationshipActions({ profile, live }: { profile: ProfileView; live: boolean }) {
  const t = useTranslations('Profile');
  const errorText = useErrorText();
  const [follow] = useFollowMutation();
  const [unfollow] = useUnfollowMutation();
  const [sendRequest] = useSendFriendRequestMutation();
  const [cancelRequest] = useCancelFriendRequestMutation();
  const [approveRequest] = useApproveFriendRequestMutation();
  const [declineRequest] = useDeclineFriendRequestMutation();
  const [unfriend] = useUnfriendMutation();
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const unfriendButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const run = async (call: Promise<Outcome>) => {
    const outcome = await call;
    if (outcome?.error) notifyError(errorText(outcome.error));
  };
  const citizen = { params: { citizenId: profile.id } };
  const request = profile.friendRequestDetails;
  const byRequest = request ? { params: { id: request.id } } : null;
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
        disabled={!live}
        onClick={() => run(profile.amIFollowing ? unfollow(citizen) : follow(citizen))}
      >
        {profile.amIFollowing ? t('unfollow') : t('follow')}
      </button>

      {profile.isFriends ? (
        <button
          ref={unfriendButton}
          type="button"
          className={styles.button}
          disabled={!live || confirming}
          aria-expanded={confirming}
          onClick={() => setConfirming(true)}
        >
          {t('unfriend')}
        </button>
      ) : request && byRequest && request.isOutFriendRequest ? (
        // A request just sent has no id until the server answers; cancelling waits for it.
        <button
          type="button"
          className={styles.button}
          disabled={!live || hasPendingRequestId(profile)}
          onClick={() => run(cancelRequest(byRequest))}
        >
          {t('cancelRequest')}
        </button>
      ) : request && byRequest ? (
        <>
          <button
            type="button"
            className={styles.primaryButton}
            disabled={!live}
            onClick={() => run(approveRequest(byRequest))}
          >
            {t('accept')}
          </button>
          <button
            type="button"
            className={styles.button}
            disabled={!live}
            onClick={() => run(declineRequest(byRequest))}
          >
            {t('decline')}
          </button>
        </>
      ) : (
        <button type="button" className={styles.button} disabled={!live} onClick={() => run(sendRequest(citizen))}>
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
                run(unfriend(citizen));
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
