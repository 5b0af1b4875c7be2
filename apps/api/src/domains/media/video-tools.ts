import type { AppContext } from '../../context.js';
import { videoToolsAvailable } from '../../media/video/ffmpeg-binaries.js';

/** ffmpeg and ffprobe as configured (FFMPEG_PATH, FFPROBE_PATH, else PATH). */
export const videoToolsOf = (ctx: AppContext) => ({
  ffmpegPath: ctx.config.FFMPEG_PATH,
  ffprobePath: ctx.config.FFPROBE_PATH,
});

export const videoToolsReady = (ctx: AppContext): Promise<boolean> => videoToolsAvailable(videoToolsOf(ctx));
