import { mediaLimits, type UploadKind } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import { inspectImage } from '../../media/image/inspect-image.js';
import { probeVideo } from '../../media/video/probe-video.js';
import { videoLimits } from './video-limits.js';
import { videoToolsOf } from './video-tools.js';

const PROBE_TIMEOUT_MS = 20_000;

/**
 * The quick look at an assembled upload before it is accepted: its bytes must be a picture or a video we
 * take, within the limits. Throws MediaRejected (413, 415, 422) otherwise. The slow work is the job's.
 */
export async function inspectUpload(ctx: AppContext, kind: UploadKind, path: string): Promise<void> {
  if (kind === 'video-upload') {
    await probeVideo(path, { tools: videoToolsOf(ctx), limits: videoLimits, timeoutMs: PROBE_TIMEOUT_MS });
  } else {
    await inspectImage(path, { maxPixels: mediaLimits.imageMaxPixels });
  }
}
