import type { AppContext } from '../../context.js';
import { startWorker, type Worker } from '../../media/jobs/worker.js';
import { processPostMedia } from './process-post-media.js';
import { failPost } from './publish.js';

/** The media worker of this process (ROLE, MEDIA_WORKER): runs queued jobs until stopped. */
export function startMediaWorker(ctx: AppContext, log: (message: string, error?: unknown) => void): Worker {
  return startWorker({
    queue: ctx.media.queue,
    run: (job, run) => processPostMedia(ctx, job, run),
    giveUp: (job) => failPost(ctx, job.postId),
    now: ctx.now,
    timeoutMs: ctx.config.MEDIA_JOB_TIMEOUT_MS,
    leaseMs: ctx.config.MEDIA_JOB_LEASE_MS,
    maxAttempts: ctx.config.MEDIA_JOB_ATTEMPTS,
    log,
  });
}
