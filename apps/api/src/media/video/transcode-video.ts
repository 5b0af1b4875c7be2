import { mkdir, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { VideoTools } from './ffmpeg-binaries.js';
import {
  AAC_ARGS,
  HLS_SEGMENT_SECONDS,
  h264Args,
  maxPassthroughBitRate,
  X264_PRESET_HLS,
  X264_PRESET_MP4,
} from './h264-encoding.js';
import { fitLongSide, fitShortSide, hlsLadder } from './hls-ladder.js';
import { type HlsRenditionFiles, writeHlsMaster } from './hls-master.js';
import type { VideoProbe } from './probe-video.js';
import { type FfmpegRun, runFfmpeg } from './run-ffmpeg.js';
import { NO_METADATA, safeInput } from './safe-input.js';

export type TranscodeStage = 'transcode' | 'hls' | 'cover';

export interface TranscodeOptions {
  probe: VideoProbe;
  signal?: AbortSignal | undefined;
  /** For the whole of MP4 and HLS. */
  timeoutMs: number;
  onProgress?: ((stage: TranscodeStage, percent: number) => void) | undefined;
  tools?: VideoTools | undefined;
}

export interface TranscodedVideo {
  mp4: string;
  hlsMaster: string;
  /** Every file of the HLS tree (only .m3u8 and .ts), master included. */
  hlsFiles: string[];
  width: number;
  height: number;
  durationMs: number;
  /** The MP4 holds the upload's own streams, copied (it already was H.264/AAC in MP4/MOV within limits). */
  passthrough: boolean;
}

/** Browsers play the MP4 and phones the HLS at this size at most. */
export const MAX_LONG_SIDE = 1920;
// Only the film's first video stream (not cover art) and first audio stream; no subtitles, data or attachments.
const FIRST_STREAMS = ['-map', '0:V:0', '-map', '0:a:0?', '-sn', '-dn'];
// Audio packets around a slow first video frame must not overflow ffmpeg's default muxing queue.
const MUXING_QUEUE = ['-max_muxing_queue_size', '4096'];
const PROGRESS = ['-progress', 'pipe:1', '-nostats'];

/** Whether the upload's streams can go into the MP4 untouched: they already play everywhere and are not huge. */
export function canPassThrough(probe: VideoProbe): boolean {
  return (
    probe.container === 'mov' &&
    probe.videoCodec === 'h264' &&
    probe.pixelFormat === 'yuv420p' &&
    (probe.audioCodec === null || probe.audioCodec === 'aac') &&
    // A rotated picture is turned by the MP4's matrix, which HLS (MPEG-TS) cannot carry.
    probe.rotation === 0 &&
    Math.max(probe.width, probe.height) <= MAX_LONG_SIDE &&
    probe.width % 2 === 0 &&
    probe.height % 2 === 0 &&
    probe.bitRate !== null &&
    probe.bitRate <= maxPassthroughBitRate(probe.width, probe.height, probe.frameRate)
  );
}

/** The upload to an H.264/AAC MP4 with its index first (faststart), no metadata, at most 1920 on the long side. */
async function makeMp4(source: string, mp4: string, passthrough: boolean, options: TranscodeOptions, run: FfmpegRun) {
  const { probe } = options;
  const size = fitLongSide(probe.width, probe.height, MAX_LONG_SIDE);
  // ffmpeg turns rotated pictures upright before filters (autorotate), so the sizes here are display sizes.
  const scale = size.width !== probe.width || size.height !== probe.height;
  const encode = passthrough
    ? ['-c', 'copy']
    : [
        ...h264Args(size, probe.frameRate, X264_PRESET_MP4),
        ...(scale ? ['-vf', `scale=${size.width}:${size.height}`] : []),
        ...(probe.audioCodec ? AAC_ARGS : ['-an']),
      ];
  await runFfmpeg(
    [
      ...safeInput(probe.container, source),
      ...FIRST_STREAMS,
      ...NO_METADATA,
      ...encode,
      ...MUXING_QUEUE,
      '-movflags',
      '+faststart',
      ...PROGRESS,
      '-f',
      'mp4',
      mp4,
    ],
    { ...run, onPercent: (percent) => options.onProgress?.('transcode', percent) },
  );
  return size;
}

const hlsOutput = (dir: string) => [
  '-f',
  'hls',
  '-hls_time',
  String(HLS_SEGMENT_SECONDS),
  '-hls_playlist_type',
  'vod',
  '-hls_segment_type',
  'mpegts',
  '-hls_flags',
  'independent_segments',
  '-hls_segment_filename',
  join(dir, 'segment-%04d.ts'),
  join(dir, 'index.m3u8'),
];

/**
 * HLS from our MP4 in one ffmpeg run: the top rendition is the MP4's streams segmented as they are, the lower
 * ones are scaled in a cascade (720p from the decoded frame, 360p from 720p) and encoded side by side, so the
 * MP4 is decoded once and its audio copied.
 */
async function makeHls(
  mp4: string,
  hlsRoot: string,
  size: { width: number; height: number },
  options: TranscodeOptions,
  run: FfmpegRun,
): Promise<HlsRenditionFiles[]> {
  const ladder = hlsLadder(Math.min(size.width, size.height));
  const top: HlsRenditionFiles = { dir: `${ladder.copy}p`, ...size };
  const lower = ladder.scaled.map((side) => ({
    dir: `${side}p`,
    ...fitShortSide(size.width, size.height, side),
  }));
  const chain = lower.map((rendition, index) => {
    const from = index === 0 ? '[0:v:0]' : `[next${index}]`;
    const split = index < lower.length - 1 ? `,split=2[v${index}][next${index + 1}]` : `[v${index}]`;
    return `${from}scale=${rendition.width}:${rendition.height}${split}`;
  });
  // Our own MP4, but read with the same care as an upload.
  const args = [...safeInput('mov', mp4), '-filter_complex', chain.join(';')];
  args.push('-map', '0:v:0', '-map', '0:a:0?', ...NO_METADATA, '-c', 'copy', ...hlsOutput(join(hlsRoot, top.dir)));
  for (const [index, rendition] of lower.entries()) {
    args.push(
      '-map',
      `[v${index}]`,
      '-map',
      '0:a:0?',
      ...NO_METADATA,
      ...h264Args(rendition, options.probe.frameRate, X264_PRESET_HLS),
      '-c:a',
      'copy',
      ...hlsOutput(join(hlsRoot, rendition.dir)),
    );
  }
  for (const rendition of [top, ...lower]) await mkdir(join(hlsRoot, rendition.dir), { recursive: true });
  await runFfmpeg([...args, ...MUXING_QUEUE, ...PROGRESS], {
    ...run,
    onPercent: (percent) => options.onProgress?.('hls', percent),
  });
  return [top, ...lower];
}

const filesBelow = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

/**
 * An upload to what browsers and phones play, written in `workDir`: `video.mp4` (H.264/AAC, faststart,
 * stream-copied when the upload already is such a file) and `hls/` (master.m3u8 and one folder of 4 s MPEG-TS
 * segments per rendition). No output carries the upload's metadata. `timeoutMs` bounds the whole.
 */
export async function transcodeVideo(
  source: string,
  workDir: string,
  options: TranscodeOptions,
): Promise<TranscodedVideo> {
  const { probe } = options;
  const run: FfmpegRun = {
    tools: options.tools,
    signal: options.signal,
    deadline: Date.now() + options.timeoutMs,
    durationMs: probe.durationMs,
  };
  const mp4 = resolve(workDir, 'video.mp4');
  const hlsRoot = resolve(workDir, 'hls');
  const passthrough = canPassThrough(probe);
  await mkdir(workDir, { recursive: true });
  const size = await makeMp4(source, mp4, passthrough, options, run);
  const renditions = await makeHls(mp4, hlsRoot, size, options, run);
  const hlsMaster = await writeHlsMaster(hlsRoot, renditions, probe.frameRate, run);
  return {
    mp4,
    hlsMaster,
    hlsFiles: await filesBelow(hlsRoot),
    width: size.width,
    height: size.height,
    durationMs: probe.durationMs,
    passthrough,
  };
}
