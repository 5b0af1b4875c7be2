import { MediaRejected } from '../media-rejected.js';
import { ffmpegOf, type VideoTools } from './ffmpeg-binaries.js';
import { runTool, ToolMissing, type ToolRun, ToolTimedOut } from './run-tool.js';
import { FFMPEG_QUIET } from './safe-input.js';

export interface FfmpegRun {
  tools?: VideoTools | undefined;
  signal?: AbortSignal | undefined;
  /** Epoch ms by which the whole job's ffmpeg work must be done. */
  deadline: number;
  /** Share of `durationMs` written so far, 0-100, from `-progress pipe:1` (add it to `args`). */
  onPercent?: ((percent: number) => void) | undefined;
  durationMs?: number | undefined;
  keepStdout?: boolean | undefined;
  maxStdoutBytes?: number | undefined;
}

export const timedOut = () =>
  new MediaRejected('PROCESSING_TIMEOUT', 'Processing this video took too long. Try a shorter or smaller video.');

/**
 * Runs ffmpeg on an upload (or on what we made of it) within the job's deadline. A run past the deadline is
 * refused as PROCESSING_TIMEOUT; a missing binary as VIDEO_UNAVAILABLE; an abort rejects with its reason.
 */
export async function runFfmpeg(args: string[], run: FfmpegRun): Promise<ToolRun> {
  const timeoutMs = run.deadline - Date.now();
  if (timeoutMs <= 0) throw timedOut();
  const { onPercent, durationMs } = run;
  try {
    return await runTool(ffmpegOf(run.tools), [...FFMPEG_QUIET, ...args], {
      timeoutMs,
      signal: run.signal,
      keepStdout: run.keepStdout ?? false,
      maxStdoutBytes: run.maxStdoutBytes,
      onStdoutLine:
        onPercent && durationMs
          ? (line) => {
              // out_time_us (and, despite its name, out_time_ms) are microseconds written so far.
              const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
              if (match) onPercent(Math.min(100, Number(match[1]) / 10 / durationMs));
            }
          : undefined,
    });
  } catch (error) {
    if (run.signal?.aborted) throw error;
    if (error instanceof ToolTimedOut) throw timedOut();
    if (error instanceof ToolMissing) {
      throw new MediaRejected('VIDEO_UNAVAILABLE', 'Videos cannot be processed on this server right now. Try later.');
    }
    throw error;
  }
}
