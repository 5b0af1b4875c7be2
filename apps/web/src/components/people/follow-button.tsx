'use client';

import { useTranslations } from 'next-intl';
import { useFollowMutation, useUnfollowMutation } from '@/client';
import { notifyError } from '../toast';
import styles from './people.module.css';

interface FollowButtonProps {
  citizenId: string;
  /** Names the person in the button's accessible name and in the error toast. */
  name: string;
  following: boolean;
}

/**
 * Follow or unfollow (docs/product.md §4). The caches change at once, so the button's words flip with the person's
 * `amIFollowing`; a failed call puts them back and a toast says so. Disabled while its own call runs, so a
 * double click does not send the opposite call. Outlined (the secondary weight): on the People page a friend
 * request's Accept is the filled one.
 */
export function FollowButton({ citizenId, name, following }: FollowButtonProps) {
  const t = useTranslations('People.row');
  const [follow, followState] = useFollowMutation();
  const [unfollow, unfollowState] = useUnfollowMutation();
  const busy = followState.isLoading || unfollowState.isLoading;
  const toggle = async () => {
    const call = following ? unfollow : follow;
    const outcome = await call({ params: { citizenId } });
    if (outcome.error) notifyError(t(following ? 'unfollowFailed' : 'followFailed', { name }));
  };
  return (
    <button
      type="button"
      className={styles.follow}
      data-following={following}
      aria-label={t(following ? 'unfollowLabel' : 'followLabel', { name })}
      aria-busy={busy}
      disabled={busy}
      onClick={toggle}
    >
      {t(following ? 'unfollow' : 'follow')}
    </button>
  );
}
