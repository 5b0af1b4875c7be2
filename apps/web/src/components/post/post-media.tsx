'use client';

import type { MediaView } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { preload } from 'react-dom';
import { loadingOf, mediaBoxStyle, POST_MEDIA_SIZES, posterOf, renditionSrcSet } from './picture-sources';
import styles from './post.module.css';

const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * Plays a video, over HLS where the post has a stream: natively where the browser can (Safari), else with
 * hls.js, loaded only when a stream is actually played so it never weighs on a page of pictures.
 */
function VideoPlayer({ media, label, priority }: { media: MediaView; label: string; priority: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const poster = posterOf(media);
  // A poster takes no fetchpriority: the first post's is announced in the head instead (a <link rel=preload>
  // from the server's render), so it is fetched as early as a first picture would be.
  if (priority && poster) preload(poster, { as: 'image', fetchPriority: 'high' });
  useEffect(() => {
    const element = video.current;
    const stream = media.hlsUri;
    if (!element || !stream || element.canPlayType(HLS_MIME)) return;
    let destroy: (() => void) | undefined;
    let cancelled = false;
    void import('hls.js').then(({ default: Hls }) => {
      if (cancelled || !Hls.isSupported()) return;
      const hls = new Hls();
      hls.loadSource(stream);
      hls.attachMedia(element);
      destroy = () => hls.destroy();
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [media.hlsUri]);
  return (
    // biome-ignore lint/a11y/useMediaCaption: uploads carry no caption track yet; the label describes the video
    <video
      ref={video}
      className={styles.media}
      controls
      playsInline
      preload="none"
      poster={poster}
      style={mediaBoxStyle(media)}
      aria-label={label}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
    >
      {/* Browsers without native HLS skip the stream's source (and hls.js takes over); the MP4 is the fallback. */}
      {media.hlsUri ? <source src={media.hlsUri} type={HLS_MIME} /> : null}
      {media.videoUri ? <source src={media.videoUri} type="video/mp4" /> : null}
    </video>
  );
}

/** A post's picture or video with its alternative text; a post still being processed says so. */
export function PostMedia({
  media,
  mediaType,
  authorName,
  priority = false,
}: {
  media: MediaView;
  mediaType: 'image' | 'video';
  authorName: string;
  /** The first post on a page: loaded at once, as it is what the person sees first. */
  priority?: boolean;
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
      className={styles.media}
      src={media.imageUri ?? media.coverImageUri ?? ''}
      alt={label}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      style={mediaBoxStyle(media)}
      {...loadingOf(priority)}
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
