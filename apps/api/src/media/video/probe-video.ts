import { open, stat } from 'node:fs/promises';
import { sniffVideo, VIDEO_HEAD_BYTES, type VideoContainer } from '@civitas/contract';
import { MediaRejected } from '../media-rejected.js';
import { ffprobeOf, type VideoTools } from './ffmpeg-binaries.js';
import { runTool, ToolMissing, ToolTimedOut } from './run-tool.js';
import { safeInput } from './safe-input.js';
import { checkVideoLimits, type VideoLimits } from './video-limits.js';

export type { VideoLimits } from './video-limits.js';

export interface VideoProbe {
  container: VideoContainer;
  durationMs: number;
  /** Display size, after the rotation is applied. */
  width: number;
  height: number;
  frameRate: number;
  videoCodec: string;
  audioCodec: string | null;
  pixelFormat: string;
  /** Degrees the player turns the picture clockwise (0, 90, 180, 270). */
  rotation: number;
  /** Bits per second of the whole file, when the container says. */
  bitRate: number | null;
}

export interface ProbeOptions {
  limits: VideoLimits;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  tools?: VideoTools | undefined;
}

// Decoders we let run on uploads: what phones, cameras and browsers record. Anything else is refused before
// a single frame is decoded.
const VIDEO_CODECS = new Set(['h264', 'hevc', 'vp8', 'vp9', 'av1', 'mpeg4']);
const AUDIO_CODECS = new Set(['aac', 'mp3', 'opus', 'vorbis', 'ac3', 'eac3', 'alac', 'flac', 'amr_nb', 'amr_wb']);
const isPcm = (codec: string) => /^pcm_[a-z0-9]+$/.test(codec);

interface ProbeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  pix_fmt?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string; DURATION?: string };
  side_data_list?: { rotation?: number }[];
}

interface ProbeOutput {
  format?: { duration?: string; bit_rate?: string };
  streams?: ProbeStream[];
}

const corrupt = () =>
  new MediaRejected('CORRUPT_MEDIA', 'This video is damaged or incomplete. Try exporting or recording it again.');

const rate = (fraction: string | undefined) => {
  const [num, den] = (fraction ?? '0/1').split('/').map(Number);
  return num && den ? num / den : 0;
};

const seconds = (value: string | undefined) => {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : 0;
};

async function readHead(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const head = new Uint8Array(VIDEO_HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** Runs ffprobe on an upload, translating its failures into what the author is told. */
async function ffprobe(args: string[], options: ProbeOptions, onLine?: (line: string) => void): Promise<string> {
  try {
    const run = await runTool(ffprobeOf(options.tools), ['-v', 'error', '-hide_banner', ...args], {
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      keepStdout: !onLine,
      onStdoutLine: onLine,
    });
    return run.stdout.toString('utf8');
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (error instanceof ToolMissing) {
      throw new MediaRejected('VIDEO_UNAVAILABLE', 'Videos cannot be processed on this server right now. Try later.');
    }
    if (error instanceof ToolTimedOut) {
      throw new MediaRejected('PROCESSING_TIMEOUT', 'Reading this video took too long. Try exporting it again.');
    }
    throw corrupt();
  }
}

/**
 * A stream that does not state its length (a WebM recorded in a browser) is measured by reading its packet
 * timestamps: no frame is decoded, and a file longer than the limit stops being read at the limit.
 */
async function measureDurationMs(container: VideoContainer, path: string, options: ProbeOptions): Promise<number> {
  const overLimit = new AbortController();
  const stopAtMs = options.limits.maxDurationMs + 1000;
  let lastMs = 0;
  const args = [...safeInput(container, path), '-select_streams', 'V:0', '-show_entries', 'packet=pts_time'];
  const signal = options.signal ? AbortSignal.any([options.signal, overLimit.signal]) : overLimit.signal;
  try {
    await ffprobe([...args, '-of', 'csv=p=0'], { ...options, signal }, (line) => {
      const at = Number.parseFloat(line) * 1000;
      if (Number.isFinite(at)) lastMs = Math.max(lastMs, Math.round(at));
      if (lastMs > stopAtMs) overLimit.abort();
    });
  } catch (error) {
    if (!overLimit.signal.aborted || options.signal?.aborted) throw error;
  }
  return lastMs;
}

/**
 * The facts of an upload, checked against the limits before any frame is decoded: the bytes must be
 * MP4/MOV or WebM/Matroska (by their first bytes, never their name) with a video stream we decode, and no
 * larger, longer, bigger or faster than the limits. Throws MediaRejected with a message for the author.
 */
export async function probeVideo(path: string, options: ProbeOptions): Promise<VideoProbe> {
  const { limits } = options;
  if (limits.maxBytes !== undefined && (await stat(path)).size > limits.maxBytes) {
    throw new MediaRejected(
      'FILE_TOO_LARGE',
      `This video is larger than ${Math.floor(limits.maxBytes / 1024 / 1024)} MB. Send a shorter or smaller one.`,
    );
  }
  const container = sniffVideo(await readHead(path));
  if (!container) {
    throw new MediaRejected(
      'UNSUPPORTED_MEDIA',
      'This file is not a video we can use. Send an MP4, MOV or WebM video.',
    );
  }
  let parsed: ProbeOutput;
  try {
    parsed = JSON.parse(
      await ffprobe([...safeInput(container, path), '-show_format', '-show_streams', '-of', 'json'], options),
    );
  } catch (error) {
    if (error instanceof SyntaxError) throw corrupt();
    throw error;
  }
  // Cover art inside a file is a "video" stream too; the film is the first stream that is not a picture.
  const video = parsed.streams?.find(
    (stream) => stream.codec_type === 'video' && stream.width && stream.height && !stream.disposition?.attached_pic,
  );
  if (!video?.width || !video.height) throw corrupt();
  const videoCodec = video.codec_name ?? 'an unknown format';
  if (!VIDEO_CODECS.has(videoCodec)) {
    throw new MediaRejected(
      'UNSUPPORTED_MEDIA',
      `This video is encoded as ${videoCodec}. Export it as H.264, HEVC, VP9 or AV1 and try again.`,
    );
  }
  const audio = parsed.streams?.find((stream) => stream.codec_type === 'audio');
  const audioCodec = audio ? (audio.codec_name ?? 'an unknown format') : null;
  if (audioCodec && !AUDIO_CODECS.has(audioCodec) && !isPcm(audioCodec)) {
    throw new MediaRejected(
      'UNSUPPORTED_MEDIA',
      `The sound of this video is encoded as ${audioCodec}. Export it with AAC, MP3 or Opus sound and try again.`,
    );
  }
  let durationMs = Math.round(seconds(parsed.format?.duration ?? video.duration) * 1000);
  if (durationMs === 0) durationMs = await measureDurationMs(container, path, options);
  if (durationMs === 0) throw corrupt();

  // The display matrix counts degrees anticlockwise; the old `rotate` tag, clockwise.
  const matrix = video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation;
  const clockwise = matrix !== undefined ? -matrix : Number(video.tags?.rotate ?? 0) || 0;
  const rotation = (((Math.round(clockwise / 90) * 90) % 360) + 360) % 360;
  const turned = rotation === 90 || rotation === 270;
  const probe: VideoProbe = {
    container,
    durationMs,
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    frameRate: rate(video.avg_frame_rate) || rate(video.r_frame_rate),
    videoCodec,
    audioCodec,
    pixelFormat: video.pix_fmt ?? '',
    rotation,
    bitRate: seconds(parsed.format?.bit_rate) || null,
  };
  checkVideoLimits(probe, limits);
  return probe;
}
