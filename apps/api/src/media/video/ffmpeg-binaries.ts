import { runTool } from './run-tool.js';

/** Where the binaries are: FFMPEG_PATH and FFPROBE_PATH from the config, else `ffmpeg`/`ffprobe` on PATH. */
export interface VideoTools {
  ffmpegPath?: string | undefined;
  ffprobePath?: string | undefined;
}

// An empty variable (FFMPEG_PATH=) means "not set", as it does for most tools.
export const ffmpegOf = (tools: VideoTools = {}): string => tools.ffmpegPath || 'ffmpeg';
export const ffprobeOf = (tools: VideoTools = {}): string => tools.ffprobePath || 'ffprobe';

const VERSION_TIMEOUT_MS = 10_000;
// A missing ffmpeg is checked again after a while, so installing it does not need a restart.
const RECHECK_MISSING_MS = 60_000;

const checked = new Map<string, { available: Promise<boolean>; at: number }>();

const runs = (binary: string) =>
  runTool(binary, ['-version'], { timeoutMs: VERSION_TIMEOUT_MS, keepStdout: false }).then(
    () => true,
    () => false,
  );

/**
 * Whether both binaries start here, cached per pair of paths. Without them the server refuses video uploads
 * (VIDEO_UNAVAILABLE) instead of failing them later.
 */
export async function videoToolsAvailable(tools: VideoTools = {}, now = Date.now()): Promise<boolean> {
  const key = `${ffmpegOf(tools)}\n${ffprobeOf(tools)}`;
  const cached = checked.get(key);
  if (cached && (now - cached.at < RECHECK_MISSING_MS || (await cached.available))) return cached.available;
  const available = Promise.all([runs(ffmpegOf(tools)), runs(ffprobeOf(tools))]).then(([a, b]) => a && b);
  checked.set(key, { available, at: now });
  return available;
}
