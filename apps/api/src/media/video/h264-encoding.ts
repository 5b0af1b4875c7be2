/**
 * libx264 presets, chosen on the 2-core server for a 60 s 1080p30 upload to MP4 + HLS within ~30 s. CPU
 * seconds for the whole job: veryfast everywhere 60, superfast for the MP4 and veryfast for the lower HLS
 * renditions 52, superfast everywhere 49. On ffmpeg's testsrc2 pattern superfast made the 1080p MP4 ~12 %
 * larger but the 720p and 360p renditions about twice as large, so it is used only for the MP4.
 */
export const X264_PRESET_MP4 = 'superfast';
export const X264_PRESET_HLS = 'veryfast';
/** Seconds between forced keyframes: every rendition cuts its 4 s HLS segments at the same instants. */
export const KEYFRAME_SECONDS = 2;
export const HLS_SEGMENT_SECONDS = 4;
// A ceiling on the encoder's rate, in bits per pixel per frame, so one busy scene cannot spike a segment.
const MAX_BITS_PER_PIXEL = 0.08;

/** Encoder options for an H.264 High, 4:2:0 stream of `width`×`height` at `frameRate`. */
export function h264Args(size: { width: number; height: number }, frameRate: number, preset: string): string[] {
  const { width, height } = size;
  const maxRate = Math.round((width * height * Math.min(Math.max(frameRate, 24), 60) * MAX_BITS_PER_PIXEL) / 1000);
  return [
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-crf',
    '23',
    '-maxrate',
    `${maxRate}k`,
    '-bufsize',
    `${maxRate * 2}k`,
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-force_key_frames',
    `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
  ];
}

/** Bits per second a stream copied into the MP4 may have before we re-encode it for viewers' sake. */
export const maxPassthroughBitRate = (width: number, height: number, frameRate: number) =>
  width * height * Math.min(Math.max(frameRate, 24), 60) * MAX_BITS_PER_PIXEL * 2;

export const AAC_ARGS = ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'];
