'use client';

import type { ProfileView } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { hasPendingRequestId } from '@/client/optimistic/friends';
import type { RelationshipCall } from '@/client/optimistic/relationship';
import { AppOnlyButton } from '../app-only-prompt';
import { ConfirmButtons } from '../confirm-buttons';
import styles from './profile.module.css';

/**
 * What a citizen can do about another person, exactly as their relationship allows (docs/product.md §4): follow or
 * unfollow; add a friend, cancel my request, accept or decline theirs, or unfriend after confirming. `act`
 * makes the change: it shows at once and goes back with a toast if the call fails (citizen-profile.tsx). `more` is the
 * "…" menu (mute, block, report).
 */
export function RelationshipActions({
  profile,
  act,
  more,
}: {
  profile: ProfileView;
  act: (call: RelationshipCall) => void;
  /** The "…" menu, last in the row (ADR 071). */
  more?: ReactNode;
}) {
  const t = useTranslations('Profile');
  const [confirming, setConfirming] = useState(false);
  const keepButton = useRef<HTMLButtonElement>(null);
  // Whichever button stands in the friend slot now (unfriend, cancel, accept, add friend).
  const friendButton = useRef<HTMLButtonElement>(null);
  // Set by a friend action: the button that replaces the one pressed takes the focus, so a keyboard user stays
  // where they were rather than being dropped at the top of the page.
  const refocus = useRef(false);

  useEffect(() => {
    if (confirming) keepButton.current?.focus();
  }, [confirming]);

  const citizenId = profile.id;
  const request = profile.friendRequestDetails;
  const name = profile.displayName;
  const pendingId = hasPendingRequestId(profile);

  // In the commit that changes the slot, so nothing the person does next comes before it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the friend slot changes what it holds
  useLayoutEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    friendButton.current?.focus();
  }, [profile.isFriends, request?.id, request?.isOutFriendRequest, confirming]);

  const friendAct = (call: RelationshipCall) => {
    refocus.current = true;
    act(call);
  };

  const closeConfirm = () => {
    refocus.current = true;
    setConfirming(false);
  };

  return (
    <div className={styles.relationship}>
      <div className={styles.relationshipRow}>
        <div className={styles.relationshipButtons}>
          <button
            type="button"
            className={profile.amIFollowing ? styles.button : styles.primaryButton}
            onClick={() => act({ kind: profile.amIFollowing ? 'unfollow' : 'follow', citizenId })}
          >
            {profile.amIFollowing ? t('unfollow') : t('follow')}
          </button>

          {profile.isFriends ? (
            <button
              ref={friendButton}
              type="button"
              className={styles.button}
              disabled={confirming}
              aria-expanded={confirming}
              onClick={() => setConfirming(true)}
            >
              {t('unfriend')}
            </button>
          ) : request?.isOutFriendRequest ? (
            // A request just sent has no id until the server answers; cancelling waits for it (aria-disabled rather
            // than disabled, which would drop the keyboard's focus from the button just pressed).
            <button
              ref={friendButton}
              type="button"
              className={styles.button}
              aria-disabled={pendingId}
              onClick={() => {
                if (!pendingId) friendAct({ kind: 'cancelFriendRequest', requestId: request.id });
              }}
            >
              {t('cancelRequest')}
            </button>
          ) : request ? (
            <>
              <button
                ref={friendButton}
                type="button"
                className={styles.primaryButton}
                onClick={() => friendAct({ kind: 'approveFriendRequest', requestId: request.id })}
              >
                {t('accept')}
              </button>
              <button
                type="button"
                className={styles.button}
                onClick={() => friendAct({ kind: 'declineFriendRequest', requestId: request.id })}
              >
                {t('decline')}
              </button>
            </>
          ) : (
            <button
              ref={friendButton}
              type="button"
              className={styles.button}
              onClick={() => friendAct({ kind: 'sendFriendRequest', citizenId })}
            >
              {t('addFriend')}
            </button>
          )}

          <AppOnlyButton feature="messages" className={styles.button} />
        </div>
        {more}
      </div>

      {request && !profile.isFriends ? (
        <p className={styles.note} role="status">
          {request.isOutFriendRequest ? t('requestSent', { name }) : t('requestReceived', { name })}
        </p>
      ) : null}

      {confirming && profile.isFriends ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape here is the keyboard's "stay friends"
        <div
          className={styles.confirm}
          onKeyDown={(event) => {
            if (event.key === 'Escape') closeConfirm();
          }}
        >
          <p id="unfriend-question">{t('unfriendQuestion', { name })}</p>
          {/* Focus starts on keeping the friendship: Enter pressed twice must not unfriend. */}
          <ConfirmButtons
            confirm={{
              label: t('unfriendConfirm'),
              describedBy: 'unfriend-question',
              onClick: () => {
                setConfirming(false);
                friendAct({ kind: 'unfriend', citizenId });
              },
            }}
            cancel={{ label: t('unfriendKeep'), onClick: closeConfirm, ref: keepButton }}
          />
        </div>
      ) : null}
    </div>
  );
}
