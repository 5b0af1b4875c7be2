import { MessageCircle } from 'lucide';
import { useLocale, useTranslations } from 'next-intl';
import { formatCount } from '@/client/behaviour/compact-count';
import { Icon } from '@/components/icon';
import { Link } from '@/components/link';
import { CompactCount } from '../compact-count';
import styles from './post-islands.module.css';

/**
 * The way to a post's comments, on its page under it (ADR 084), with their count once there is one (ADR 085):
 * the icon and the compact count show, the exact count is in its name. Plain markup, no island. Null `count`: the
 * button alone, where the comments themselves show their count (the post's own page).
 */
export function CommentsLink({
  postId,
  authorName,
  count: given,
}: {
  postId: string;
  authorName: string;
  count: number | null;
}) {
  const t = useTranslations('Post');
  const locale = useLocale();
  const count = given ?? 0;
  return (
    <Link
      href={`/p/${postId}#comments`}
      className={styles.countedAction}
      aria-label={t('comments', { name: authorName, count, formatted: formatCount(count, locale, 'exact') })}
    >
      <Icon node={MessageCircle} className={styles.icon} />
      {count > 0 ? (
        <span className={styles.likeCount} aria-hidden="true">
          <CompactCount value={count} />
        </span>
      ) : null}
    </Link>
  );
}
