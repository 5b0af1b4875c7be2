import type { LikesOverviewDetails } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { signInHref } from '@/session/request-path';
import { CompactCount } from '../compact-count';
import styles from './post.module.css';

/** A post's like count, compact, with the exact number for screen readers. */
export function LikeCount({ count }: { count: number }) {
  const t = useTranslations('Post');
  return (
    <span className={styles.likeCount}>
      <CompactCount value={count} />
      <span className="visually-hidden"> {t('likes', { count })}</span>
    </span>
  );
}

/**
 * A guest's likes: the count and a way to sign in to like. Plain markup (no island: nothing to hydrate on a
 * guest's card, ADR 018).
 */
export function GuestLikes({ postId, likes }: { postId: string; likes: LikesOverviewDetails }) {
  const t = useTranslations('Post');
  return (
    <span className={styles.likeRow}>
      <a className={styles.likeButton} href={signInHref(`/p/${postId}`)}>
        <span aria-hidden="true">♡</span>
        <span className="visually-hidden">{t('signInToLike')}</span>
      </a>
      <LikeCount count={likes.likesCount} />
    </span>
  );
}
