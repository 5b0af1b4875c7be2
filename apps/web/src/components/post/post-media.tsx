import type { MediaView } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { friendsMediaAttribute } from './friends-media';
import { loadingOf, mediaBoxStyle, POST_MEDIA_SIZES, renditionSrcSet } from './picture-sources';
import styles from './post.module.css';
import islands from './post-islands.module.css';
import { VideoPlayer } from './video-player';

/**
 * A post's picture or video with its alternative text; a post still being processed says so. A picture is
 * plain markup (a server component under a server-rendered card, ADR 018); only a video is an island.
 */
export function PostMedia({
  media,
  mediaType,
  authorName,
  priority = false,
  sharing,
}: {
  media: MediaView;
  mediaType: 'image' | 'video';
  authorName: string;
  /** The first post on a page: loaded at once, as it is what the person sees first. */
  priority?: boolean;
  /** The post's sharing: a friends-only picture is asked for again after an expired session is renewed. */
  sharing: 'public' | 'private';
}) {
  const t = useTranslations('Post');
  if (media.status !== 'ready') {
    return (
      <div className={styles.mediaPending} role="status">
        {media.status === 'failed' ? t('mediaFailed') : t('mediaProcessing')}
      </div>
    );
  }
  const label = media.altText ?? t(mediaType === 'video' ? 'videoBy' : 'imageBy', { name: authorName });
  if (mediaType === 'video') return <VideoPlayer media={media} label={label} priority={priority} />;
  const srcSet = renditionSrcSet(media.renditions);
  const image = (
    // biome-ignore lint/performance/noImgElement: our renditions and srcset do what next/image's optimiser would
    <img
      className={islands.media}
      src={media.imageUri ?? media.coverImageUri ?? ''}
      alt={label}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      style={mediaBoxStyle(media)}
      {...loadingOf(priority)}
      {...friendsMediaAttribute(sharing)}
    />
  );
  // Posts made before renditions keep a plain <img>, which React's server render also preloads from the head
  // when it is the first; the browser's preload scanner finds a <picture>'s choice itself.
  if (!srcSet) return image;
  return (
    <picture>
      <source type="image/webp" srcSet={srcSet} sizes={POST_MEDIA_SIZES} />
      {image}
    </picture>
  );
}
