import { useLocale, useTranslations } from 'next-intl';
import { formatCount } from '@/client/behaviour/compact-count';
import { CompactCount } from '../compact-count';
import styles from './post-islands.module.css';

/**
 * A post's like count, compact, with the exact number for screen readers. Its own file, apart from `GuestLikes`,
 * so that the like island's chunk carries no guest's sign-in link.
 */
export function LikeCount({ count }: { count: number }) {
  const t = useTranslations('Post');
  const locale = useLocale();
  return (
    <span className={styles.likeCount}>
      <CompactCount value={count} />
      <span className="visually-hidden"> {t('likes', { count, formatted: formatCount(count, locale, 'exact') })}</span>
    </span>
  );
}
