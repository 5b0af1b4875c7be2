import type { PostView } from '@civitas/contract';
import { GalleryHorizontalEnd, Lock, Play } from 'lucide';
import { useTranslations } from 'next-intl';
import { Icon } from '@/components/icon';
import { Link } from '@/components/link';
import { friendsMediaAttribute } from './friends-media';
import { posterOf, renditionsUpTo } from './picture-sources';
import styles from './post-tile.module.css';

/** A third of the column (500 px from the tablet breakpoint, the viewport below it, docs/product.md §2). */
const TILE_SIZES = '(min-width: 501px) 167px, 34vw';
/** A tile at 3x on the widest column: the smallest rendition at least this wide is enough. */
const TILE_PIXELS = 500;

/** The picture a tile shows: a picture's renditions (narrow ones only), a video's poster frame. */
function tilePicture(post: PostView): { src: string; srcSet?: string } | null {
  const { media } = post;
  if (media.status !== 'ready') return null;
  if (post.mediaType === 'video') {
    const poster = posterOf(media, TILE_PIXELS);
    return poster ? { src: poster } : null;
  }
  const renditions = renditionsUpTo(media.renditions, TILE_PIXELS);
  const src = renditions.at(-1)?.uri ?? media.imageUri ?? media.coverImageUri;
  if (!src) return null;
  return renditions.length > 0
    ? { src, srcSet: renditions.map((rendition) => `${rendition.uri} ${rendition.width}w`).join(', ') }
    : { src };
}

/**
 * A post as a square tile of a profile's grid: its picture (a video's poster), cropped to the square, linking to
 * the post. The picture keeps the post's alternative text, which names the link; a video and a friends-only
 * post carry a marker, said to screen readers too. A post still processing (its author's view) says so.
 */
export function PostTile({ post, priority = false }: { post: PostView; priority?: boolean }) {
  const t = useTranslations('Post');
  const album = useTranslations('Carousel');
  const picture = tilePicture(post);
  const label =
    post.media.altText ?? t(post.mediaType === 'video' ? 'videoBy' : 'imageBy', { name: post.author.displayName });
  return (
    <Link href={`/p/${post.id}`} className={styles.tile}>
      {picture ? (
        // biome-ignore lint/performance/noImgElement: our renditions and srcset do what next/image's optimiser would
        <img
          className={styles.picture}
          src={picture.src}
          srcSet={picture.srcSet}
          sizes={picture.srcSet ? TILE_SIZES : undefined}
          alt={label}
          {...(priority
            ? { fetchPriority: 'high' as const }
            : { loading: 'lazy' as const, decoding: 'async' as const })}
          {...friendsMediaAttribute(post.sharingOptions)}
        />
      ) : (
        <span className={styles.pending}>
          <span className="visually-hidden">{label}: </span>
          {post.media.status === 'failed' ? t('tileFailed') : t('tileProcessing')}
        </span>
      )}
      {post.mediaType === 'video' || post.sharingOptions === 'private' || post.moreMedia.length > 0 ? (
        <span className={styles.markers}>
          {post.moreMedia.length > 0 ? (
            <span className={styles.marker}>
              <Icon node={GalleryHorizontalEnd} className={styles.markerIcon} />
              <span className="visually-hidden">{album('albumMark', { count: post.moreMedia.length + 1 })}</span>
            </span>
          ) : null}
          {post.mediaType === 'video' ? (
            <span className={styles.marker}>
              <Icon node={Play} className={styles.markerIcon} />
              <span className="visually-hidden">{t('tileVideo')}</span>
            </span>
          ) : null}
          {post.sharingOptions === 'private' ? (
            <span className={styles.marker}>
              <Icon node={Lock} className={styles.markerIcon} />
              <span className="visually-hidden">{t('friendsOnly')}</span>
            </span>
          ) : null}
        </span>
      ) : null}
    </Link>
  );
}

/** The grid's list element: three square tiles a row, edge to edge across the column. */
export const postGridClass = styles.grid;
