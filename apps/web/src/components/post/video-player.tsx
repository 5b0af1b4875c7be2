'use client';

import type { MediaView } from '@civitas/contract';
import { useEffect, useRef } from 'react';
import { preload } from 'react-dom';
import { mediaBoxStyle, posterOf } from './picture-sources';
import styles from './post.module.css';

const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * Plays a video, over HLS where the post has a stream: natively where the browser can (Safari), else with
 * hls.js, loaded only when a stream is actually played so it never weighs on a page of pictures.
 */
export function VideoPlayer({ media, label, priority }: { media: MediaView; label: string; priority: boolean }) {
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
