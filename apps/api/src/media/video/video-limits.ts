import { MediaRejected } from '../media-rejected.js';

/** The caller's limits (the contract's mediaLimits); this module has none of its own. */
export interface VideoLimits {
  maxDurationMs: number;
  /** The longer side of the displayed frame, in pixels. */
  maxDimension: number;
  maxFrameRate: number;
  /** Checked on the file before ffprobe runs, when given (the upload route may check it earlier). */
  maxBytes?: number | undefined;
}

// Containers round durations and rates: a 180.02 s or 60.03 fps recording is within 180 s and 60 fps.
const DURATION_SLACK_MS = 500;
const FRAME_RATE_SLACK = 0.5;
// Below this a "video" is a tracking pixel or a trick, and its renditions could not be smaller still.
const MIN_SIDE = 16;

/** Throws the MediaRejected the author should read when a probed video is over a limit. */
export function checkVideoLimits(
  video: { durationMs: number; width: number; height: number; frameRate: number },
  limits: VideoLimits,
): void {
  if (video.durationMs > limits.maxDurationMs + DURATION_SLACK_MS) {
    throw new MediaRejected(
      'VIDEO_TOO_LONG',
      `This video is ${Math.round(video.durationMs / 1000)} seconds long; videos can be at most ` +
        `${Math.floor(limits.maxDurationMs / 1000)} seconds. Trim it and try again.`,
    );
  }
  if (Math.max(video.width, video.height) > limits.maxDimension) {
    throw new MediaRejected(
      'VIDEO_TOO_LARGE',
      `This video is ${video.width}×${video.height} pixels; the longer side can be at most ` +
        `${limits.maxDimension} pixels. Export it at a smaller size (such as 1080p) and try again.`,
    );
  }
  if (Math.min(video.width, video.height) < MIN_SIDE) {
    throw new MediaRejected(
      'UNSUPPORTED_MEDIA',
      `This video is only ${video.width}×${video.height} pixels. Send one at least ${MIN_SIDE} pixels on each side.`,
    );
  }
  if (video.frameRate > limits.maxFrameRate + FRAME_RATE_SLACK) {
    throw new MediaRejected(
      'FRAME_RATE_TOO_HIGH',
      `This video has ${Math.round(video.frameRate)} frames per second; the limit is ${limits.maxFrameRate}. ` +
        'Export it at 30 or 60 frames per second and try again.',
    );
  }
}
