import { useLocale, useTranslations } from 'next-intl';
import { formatCount } from '@/client/behaviour/compact-count';
import { Link } from '@/components/link';
import { CompactCount } from '../compact-count';
import styles from './post-islands.module.css';

/**
 * A post's like count, compact, with the exact number for screen readers. Its own file, apart from `GuestLikes`,
 * so that the like island's chunk carries no guest's sign-in link. With `likersHref` (a citizen's, once someone
 * liked the post) it opens the people behind it (ADR 080).
 */
export function LikeCount({ count, likersHref }: { count: number; likersHref?: string | undefined }) {
  const t = useTranslations('Post');
  const locale = useLocale();
  const content = (
    <>
      <CompactCount value={count} />
      <span className="visually-hidden"> {t('likes', { count, formatted: formatCount(count, locale, 'exact') })}</span>
    </>
  );
  if (likersHref && count > 0) {
    return (
      <Link className={`${styles.likeCount} ${styles.likersLink}`} href={likersHref}>
        {content}
      </Link>
    );
  }
  return <span className={styles.likeCount}>{content}</span>;
}
