'use client';

import type { CitizenSummary } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { useFollowMutation, useGetProfileQuery, useUnfollowMutation } from '@/client';
import { useErrorText } from '../error-message';
import { notifyError } from '../toast';
import styles from './post-detail.module.css';

/**
 * Follow or unfollow the post's author. The button changes at once (the mutations update the cached
 * profile optimistically) and changes back, with a toast saying why, when the call fails. It waits for the
 * profile, so it never offers to follow someone already followed.
 */
export function FollowAuthorButton({ author }: { author: CitizenSummary }) {
  const t = useTranslations('PostDetail');
  const errorText = useErrorText();
  const profile = useGetProfileQuery({ params: { username: author.username } });
  const [follow] = useFollowMutation();
  const [unfollow] = useUnfollowMutation();
  if (!profile.data || profile.data.isMe) return null;
  const following = profile.data.amIFollowing;
  const toggle = async () => {
    const call = following ? unfollow : follow;
    const outcome = await call({ params: { citizenId: author.id } });
    if (outcome.error) notifyError(errorText(outcome.error));
  };
  return (
    <button
      type="button"
      className={following ? styles.button : styles.primaryButton}
      onClick={toggle}
      aria-label={t(following ? 'unfollowName' : 'followName', { name: author.displayName })}
    >
      {t(following ? 'unfollow' : 'follow')}
    </button>
  );
}
