import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Video and audio options that make an H.264/AAC MP4 quickly, as long as the shorter stream. */
export const H264_AAC = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'];

export interface ClipOptions {
  seconds: number;
  /** WxH; 320x240 unless said. */
  size?: string;
  /** Frames per second; 25 unless said. */
  rate?: number;
  /** Of the tone; 44100 Hz unless said. */
  sampleRate?: number;
  /** The output's codec options; H264_AAC unless said. */
  codecs?: string[];
  /** More output options (metadata, a profile, ...). */
  extra?: string[];
}

/**
 * A test pattern video with a 440 Hz tone, made by ffmpeg at `path` (its extension picks the container), for
 * `seconds`. Returns `path`.
 */
export async function makeVideo(path: string, options: ClipOptions): Promise<string> {
  const { seconds, size = '320x240', rate = 25, sampleRate = 44_100, codecs = H264_AAC, extra = [] } = options;
  await run(
    'ffmpeg',
    [
      ...['-nostdin', '-v', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=${sampleRate}`],
      ...['-t', String(seconds), ...codecs, ...extra, path],
    ],
    { timeout: 120_000 },
  );
  return path;
}

/** What ffprobe says of a file (its format and streams unless `what` asks otherwise), parsed. */
export async function ffprobeJson(path: string, what = ['-show_format', '-show_streams']) {
  const { stdout } = await run('ffprobe', ['-v', 'error', ...what, '-of', 'json', path]);
  return JSON.parse(stdout);
}
