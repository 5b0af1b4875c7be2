'use client';

import type { LikesOverviewDetails } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { useLikePostMutation, useUnlikePostMutation } from '@/client';
import { signInHref } from '@/session/request-path';
import { CompactCount } from '../compact-count';
import { useErrorText } from '../error-message';
import { notifyError } from '../toast';
import styles from './post.module.css';

/**
 * Like and unlike (spec §4): the heart and the count change at once; when the call fails they go back and a
 * toast says why. Guests see the count and a way to sign in.
 */
export function LikeButton({
  postId,
  likes,
  signedIn,
}: {
  postId: string;
  likes: LikesOverviewDetails;
  signedIn: boolean;
}) {
  const t = useTranslations('Post');
  const errorText = useErrorText();
  const [like] = useLikePostMutation();
  const [unlike] = useUnlikePostMutation();
  const count = (
    <span className={styles.likeCount}>
      <CompactCount value={likes.likesCount} />
      <span className="visually-hidden"> {t('likes', { count: likes.likesCount })}</span>
    </span>
  );
  if (!signedIn) {
    return (
      <span className={styles.likeRow}>
        <a className={styles.likeButton} href={signInHref(`/p/${postId}`)}>
          <span aria-hidden="true">♡</span>
          <span className="visually-hidden">{t('signInToLike')}</span>
        </a>
        {count}
      </span>
    );
  }
  const toggle = async () => {
    const call = likes.liked ? unlike : like;
    const outcome = await call({ params: { id: postId } });
    if (outcome.error) notifyError(errorText(outcome.error));
  };
  return (
    <span className={styles.likeRow}>
      <button
        type="button"
        className={styles.likeButton}
        aria-pressed={likes.liked}
        aria-label={t('like')}
        onClick={toggle}
        data-liked={likes.liked}
      >
        <span aria-hidden="true">{likes.liked ? '♥' : '♡'}</span>
      </button>
      {count}
    </span>
  );
}
