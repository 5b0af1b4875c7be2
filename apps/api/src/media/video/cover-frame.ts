import { writeFile } from 'node:fs/promises';
import { MediaRejected } from '../media-rejected.js';
import type { VideoTools } from './ffmpeg-binaries.js';
import type { VideoProbe } from './probe-video.js';
import { runFfmpeg } from './run-ffmpeg.js';
import { NO_METADATA, safeInput } from './safe-input.js';

export interface CoverFrameOptions {
  probe: VideoProbe;
  signal?: AbortSignal | undefined;
  timeoutMs: number;
  tools?: VideoTools | undefined;
}

// The first frame is often black (a fade in, a camera starting): one second in is more telling.
const COVER_AT_SECONDS = 1;
// An RGB PNG of a 3840×3840 frame is at most ~45 MB; anything larger is not our frame.
const MAX_PNG_BYTES = 64 * 1024 * 1024;

async function frameAt(input: string, seconds: number, options: CoverFrameOptions): Promise<Buffer> {
  const { stdout } = await runFfmpeg(
    [
      // Before -i, -ss seeks the input (to the keyframe before, then decodes up to the time), not the whole file.
      '-ss',
      String(seconds),
      ...safeInput(options.probe.container, input),
      '-map',
      '0:V:0',
      ...NO_METADATA,
      '-frames:v',
      '1',
      '-pix_fmt',
      'rgb24',
      '-c:v',
      'png',
      '-f',
      'image2pipe',
      'pipe:1',
    ],
    {
      tools: options.tools,
      signal: options.signal,
      deadline: Date.now() + options.timeoutMs,
      keepStdout: true,
      maxStdoutBytes: MAX_PNG_BYTES,
    },
  );
  return stdout;
}

/**
 * A PNG of the video's frame at 1 s (the first frame of a shorter video), upright, with no metadata; the
 * caller processes it as it would an uploaded picture. The older form writes it to `pngPath` instead.
 */
export async function extractCoverFrame(input: string, options: CoverFrameOptions): Promise<Buffer>;
export async function extractCoverFrame(input: string, pngPath: string, options: CoverFrameOptions): Promise<undefined>;
export async function extractCoverFrame(
  input: string,
  pngPathOrOptions: string | CoverFrameOptions,
  maybeOptions?: CoverFrameOptions,
): Promise<Buffer | undefined> {
  const options = typeof pngPathOrOptions === 'string' ? maybeOptions : pngPathOrOptions;
  if (!options) throw new TypeError('extractCoverFrame needs options');
  const at = options.probe.durationMs > COVER_AT_SECONDS * 1000 + 500 ? COVER_AT_SECONDS : 0;
  let png = await frameAt(input, at, options);
  // A seek can land past the last decodable frame of a damaged file; the first frame is still a cover.
  if (png.length === 0 && at > 0) png = await frameAt(input, 0, options);
  if (png.length === 0) {
    throw new MediaRejected('CORRUPT_MEDIA', 'No picture could be read from this video. Try exporting it again.');
  }
  if (typeof pngPathOrOptions !== 'string') return png;
  await writeFile(pngPathOrOptions, png);
  return undefined;
}
