import type { LikesOverviewDetails } from '@civitas/contract';
import { Heart } from 'lucide';
import { useTranslations } from 'next-intl';
import { Icon } from '@/components/icon';
import { signInHref } from '@/session/request-path';
import { LikeCount } from './like-count';
import styles from './post-islands.module.css';

/**
 * A guest's likes: the count and a way to sign in to like. Plain markup (no island: nothing to hydrate on a
 * guest's card, ADR 018).
 */
export function GuestLikes({ postId, likes }: { postId: string; likes: LikesOverviewDetails }) {
  const t = useTranslations('Post');
  return (
    <span className={styles.likeRow}>
      <a className={styles.likeButton} href={signInHref(`/p/${postId}`)}>
        <Icon node={Heart} className={styles.icon} />
        <span className="visually-hidden">{t('signInToLike')}</span>
      </a>
      <LikeCount count={likes.likesCount} />
    </span>
  );
}
