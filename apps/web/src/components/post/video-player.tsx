'use client';

import type { MediaView } from '@civitas/contract';
import { useEffect, useRef } from 'react';
import { preload } from 'react-dom';
import { mediaBoxStyle, posterOf } from './picture-sources';
import styles from './post-islands.module.css';

const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * Plays a video, over HLS where the post has a stream: natively where the browser can, else with hls.js, which
 * is fetched only when the person first plays the video. A page of videos then costs nothing until a play
 * (`preload="none"`): hls.js attached as the player mounted fetched itself, and each stream's playlists and first
 * segments, for every video on the page.
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
    const playOn = () => void element.play().catch(() => {});
    const playStream = () => {
      // The browser has started the MP4 it can play; the stream (sized to the connection) takes over once
      // hls.js is here, from the same moment, or the MP4 goes on where hls.js cannot run.
      element.pause();
      void import('hls.js').then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) return playOn();
        const hls = new Hls({ startPosition: element.currentTime });
        hls.once(Hls.Events.MANIFEST_PARSED, playOn);
        hls.loadSource(stream);
        hls.attachMedia(element);
        destroy = () => hls.destroy();
      }, playOn);
    };
    element.addEventListener('play', playStream, { once: true });
    return () => {
      cancelled = true;
      element.removeEventListener('play', playStream);
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
