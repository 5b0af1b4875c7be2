import { setTimeout as sleep } from 'node:timers/promises';
import { MediaRejected } from '../media-rejected.js';
import type { ClaimedJob, JobQueue } from './job-queue.js';

export interface JobRun {
  /** Aborted when the job passes its time limit or the worker stops. */
  signal: AbortSignal;
  /** Records the stage and percentage the author sees; cheap to call often (writes at most every 500 ms). */
  progress(stage: string, percent: number): void;
}

export interface WorkerOptions {
  queue: JobQueue;
  run(job: ClaimedJob, run: JobRun): Promise<void>;
  /** The job will not be tried again: the post must say why. */
  giveUp(job: ClaimedJob, code: string, message: string): Promise<void>;
  now(): number;
  timeoutMs: number;
  leaseMs: number;
  maxAttempts: number;
  pollMs?: number;
  log(message: string, error?: unknown): void;
}

export interface Worker {
  /** Stops claiming; a running job is aborted and handed back to the queue, to run again at once elsewhere. */
  stop(): Promise<void>;
  /** Resolves once no job is due (tests and the seed wait for processing with it). */
  drained(): Promise<void>;
}

const PROGRESS_INTERVAL_MS = 500;
/** How often an idle worker runs the queue's housekeeping (the Redis driver's relay). */
const MAINTAIN_INTERVAL_MS = 5_000;
/** The wait before the next try after `attempts` failed ones: 5 s, 10 s, 20 s, … at most 5 min (ADR 009). */
export const backoffMs = (attempts: number) => Math.min(5 * 60_000, 5_000 * 2 ** (attempts - 1));

class Stopped extends Error {}
class TimedOut extends Error {}

/** Runs queued media jobs one at a time in this process (ffmpeg and sharp use both cores on their own). */
export function startWorker(options: WorkerOptions): Worker {
  const { queue, now } = options;
  const pollMs = options.pollMs ?? 500;
  let stopping = false;
  let wake: AbortController = new AbortController();
  let current: { controller: AbortController; done: Promise<void> } | null = null;
  let idleWaiters: (() => void)[] = [];
  queue.onEnqueued(() => wake.abort());

  async function runOne(job: ClaimedJob): Promise<void> {
    if (job.attempts > options.maxAttempts) {
      return giveUp(job, 'PROCESSING_FAILED', 'We could not process this upload. Please try again with another file.');
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new TimedOut()), options.timeoutMs);
    const heartbeat = setInterval(
      () => void queue.extendLease(job.id, now() + options.leaseMs).catch((error) => options.log('lease', error)),
      Math.max(100, Math.floor(options.leaseMs / 3)),
    );
    let lastProgress = 0;
    const progress = (stage: string, percent: number) => {
      const at = now();
      if (at - lastProgress < PROGRESS_INTERVAL_MS && percent < 100) return;
      lastProgress = at;
      void queue.progress(job.id, stage, Math.max(0, Math.min(100, Math.round(percent))), at).catch(() => {});
    };
    const done = (async () => {
      try {
        await options.run(job, { signal: controller.signal, progress });
        await queue.succeed(job.id, now());
      } catch (error) {
        await settleFailure(job, controller.signal.reason ?? error);
      } finally {
        clearTimeout(timer);
        clearInterval(heartbeat);
      }
    })();
    current = { controller, done };
    await done;
    current = null;
  }

  async function settleFailure(job: ClaimedJob, error: unknown): Promise<void> {
    if (error instanceof Stopped) return queue.handBack(job.id, now());
    if (error instanceof MediaRejected) return giveUp(job, error.code, error.message);
    if (error instanceof TimedOut) {
      return giveUp(job, 'PROCESSING_TIMEOUT', 'Processing took too long. Try a shorter or smaller file.');
    }
    options.log(`media job ${job.id} attempt ${job.attempts} failed`, error);
    if (job.attempts < options.maxAttempts) {
      const reason = error instanceof Error ? error.message : String(error);
      return queue.release(job.id, now() + backoffMs(job.attempts), reason, now());
    }
    return giveUp(job, 'PROCESSING_FAILED', 'We could not process this upload. Please try again with another file.');
  }

  async function giveUp(job: ClaimedJob, code: string, message: string): Promise<void> {
    await queue.fail(job.id, code, message, now());
    await options.giveUp(job, code, message);
  }

  let maintainedAt = Number.NEGATIVE_INFINITY;
  async function maintainWhenDue(): Promise<void> {
    if (Date.now() - maintainedAt < MAINTAIN_INTERVAL_MS) return;
    maintainedAt = Date.now();
    await queue.maintain(now()).catch((error) => options.log('media queue housekeeping failed', error));
  }

  const loop = (async () => {
    while (!stopping) {
      let job: ClaimedJob | null = null;
      try {
        job = await queue.claim(now(), options.leaseMs);
      } catch (error) {
        options.log('claiming a media job failed', error);
      }
      if (job) {
        await runOne(job).catch((error) => options.log('media job bookkeeping failed', error));
        continue;
      }
      await maintainWhenDue();
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
      await sleep(pollMs, undefined, { signal: wake.signal }).catch(() => {});
      if (wake.signal.aborted) wake = new AbortController();
    }
  })();

  return {
    async stop() {
      stopping = true;
      current?.controller.abort(new Stopped());
      wake.abort();
      await loop;
      for (const resolve of idleWaiters) resolve();
    },
    drained: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        wake.abort();
      }),
  };
}
