import type { LikesOverviewDetails } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { signInHref } from '@/session/request-path';
import { LikeCount } from './like-count';
import styles from './post.module.css';

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
