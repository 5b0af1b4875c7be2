import type { AppContext } from '../../context.js';
import { type RetryResult, retryFailedJob } from '../../domains/media/retry-failed-job.js';
import { CliError } from '../errors.js';

/** How many failed jobs one listing (or one --all retry) covers. */
const FAILED_PAGE = 1_000;

const why: Record<Exclude<RetryResult, 'requeued'>, string> = {
  'no-such-job': 'no such media job',
  'not-failed': 'the job is not failed (any more)',
  'post-not-waiting': 'its post is deleted or already ready',
  'upload-gone': 'its upload is gone (deleted when the post failed); the author must upload again',
};

/** The dead letter: media jobs that will not run again unless retried, newest first. */
export async function listFailedJobs(ctx: AppContext): Promise<string> {
  const failed = await ctx.media.queue.listFailed(FAILED_PAGE);
  if (failed.length === 0) return 'No failed media jobs.';
  const lines = failed.map((job) =>
    [
      job.id,
      `post ${job.postId}`,
      job.failureCode ?? 'UNKNOWN',
      `${job.attempts} attempt${job.attempts === 1 ? '' : 's'}`,
      new Date(job.failedAt).toISOString(),
      job.failureMessage ?? '',
    ].join('  '),
  );
  return [`${failed.length} failed media job${failed.length === 1 ? '' : 's'} (newest first):`, ...lines].join('\n');
}

/** Retries one failed job (`jobId`) or every one listed (`all`). */
export async function retryFailedJobs(ctx: AppContext, target: { jobId?: string; all?: boolean }): Promise<string> {
  if (target.jobId) {
    const result = await retryFailedJob(ctx, target.jobId);
    if (result !== 'requeued') throw new CliError(`Job ${target.jobId} not retried: ${why[result]}.`);
    return `Job ${target.jobId} is queued again; its post is processing.`;
  }
  const lines: string[] = [];
  let requeued = 0;
  for (const job of await ctx.media.queue.listFailed(FAILED_PAGE)) {
    const result = await retryFailedJob(ctx, job.id);
    if (result === 'requeued') requeued += 1;
    lines.push(
      `${job.id} (post ${job.postId}): ${result === 'requeued' ? 'queued again' : `not retried: ${why[result]}`}`,
    );
  }
  return [`${requeued} of ${lines.length} failed media jobs queued again.`, ...lines].join('\n');
}
