import { GalleryHorizontalEnd } from 'lucide';
import { useTranslations } from 'next-intl';
import { Icon } from '@/components/icon';
import styles from './album-mark.module.css';

/**
 * The mark of an album on a profile grid's tile: a stack of pictures in the tile's top-right corner, said to
 * screen readers as "Album of 5 items". Server-safe (no hooks but the translations): a server-rendered tile draws
 * it into the HTML. `corner` places it itself (the tile being `position: relative`); without it, it is one more
 * badge for a row of markers the tile already places there (PostTile's video and friends-only markers).
 */
export function AlbumMark({ count, corner = true }: { count: number; corner?: boolean }) {
  const t = useTranslations('Carousel');
  return (
    <span className={corner ? `${styles.mark} ${styles.corner}` : styles.mark}>
      <Icon node={GalleryHorizontalEnd} className={styles.icon} />
      <span className="visually-hidden">{t('albumMark', { count })}</span>
    </span>
  );
}
