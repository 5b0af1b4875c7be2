import { randomUUID } from 'node:crypto';
import { type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Db } from '../../db/database.js';
import type { ClaimedJob, FailedJob, JobQueue } from './job-queue.js';
import {
  failedJobRows,
  failedRow,
  insertJobRow,
  latestJobFor,
  releasedRow,
  requeueJobRow,
  succeededRow,
  updateJobRow,
} from './job-rows.js';
import { backoffMs } from './worker.js';

export interface RedisJobQueueOptions {
  db: Db;
  redisUrl: string;
  /** Key prefix of the queue in Redis, so several deployments (or test runs) can share one server. */
  prefix: string;
  /** MEDIA_JOB_ATTEMPTS: BullMQ's own attempt count agrees with the worker's. */
  attempts: number;
  /** Connection and relay problems (never with the URL: it may hold a password). */
  log(message: string, error?: unknown): void;
}

export interface MediaJobData {
  postId: string;
}

export const MEDIA_QUEUE_NAME = 'media';
/** A `queued` row this old with no BullMQ job was committed but never handed over (ADR 022). */
const RELAY_GRACE_MS = 5_000;
const RELAY_BATCH = 200;
/** A BullMQ job whose row is not visible yet is tried again this much later, for at most ROW_WAIT_MS. */
const ROW_RETRY_MS = 1_000;
const ROW_WAIT_MS = 60_000;
/** How long a request waits for Redis to take a new job before leaving it to the relay. */
const DISPATCH_TIMEOUT_MS = 2_000;
/** Jobs a claim settles without running (already done or failed in the table) before it answers. */
const MAX_SETTLED_PER_CLAIM = 20;

interface Running {
  job: Job<MediaJobData>;
  token: string;
  leaseMs: number;
}

/**
 * The media job queue on Redis with BullMQ (REDIS_URL). The `media_jobs` row stays the record: it is written in
 * the enqueuing transaction and answers every instance's status reads. BullMQ delivers: its job (jobId = the
 * row's id, so adding it twice is a no-op) is added once the transaction committed, and it brings the lock,
 * retries with backoff, stalled-job recovery and the failed set (the dead letter). Connections open on first use,
 * so a web instance that never claims opens no worker connection.
 */
export function redisJobQueue(options: RedisJobQueueOptions): JobQueue {
  const { db, prefix } = options;
  const listeners: (() => void)[] = [];
  const running = new Map<string, Running>();
  let connection: Redis | null = null;
  let queue: Queue<MediaJobData> | null = null;
  let worker: Worker<MediaJobData> | null = null;
  let relayCursor: string | null = null;

  const connect = () => {
    if (!connection) {
      // BullMQ's blocking calls need ioredis to retry forever rather than fail a command after N tries.
      connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
      connection.on('error', (error) => options.log('media queue: Redis connection', error));
    }
    return connection;
  };
  const jobs = () => {
    if (!queue) {
      queue = new Queue<MediaJobData>(MEDIA_QUEUE_NAME, {
        connection: connect(),
        prefix,
        defaultJobOptions: {
          attempts: options.attempts,
          backoff: { type: 'media' }, // the worker's backoffStrategy: ADR 009's 5 s, 10 s, … at most 5 min
          removeOnComplete: { age: 24 * 60 * 60, count: 1_000 },
          removeOnFail: false, // the dead letter: kept until retried (civitas jobs-retry) or cleaned by hand
        },
      });
      queue.on('error', (error) => options.log('media queue', error));
    }
    return queue;
  };
  const workerFor = (leaseMs: number) => {
    if (!worker) {
      // Pulled by hand (getNextJob) so the worker loop of worker.ts stays the same for both drivers.
      worker = new Worker<MediaJobData>(MEDIA_QUEUE_NAME, null, {
        connection: connect(),
        prefix,
        autorun: false,
        lockDuration: leaseMs,
        // A job whose lock ran out is back in `wait` within two checks; the worker's own attempt check gives up
        // on a job that keeps killing its worker before BullMQ's stalled limit would fail it behind our back.
        stalledInterval: leaseMs,
        maxStalledCount: options.attempts,
        settings: { backoffStrategy: (attemptsMade: number) => backoffMs(attemptsMade) },
      });
      worker.on('error', (error) => options.log('media queue worker', error));
      void worker.startStalledCheckTimer().catch((error) => options.log('media queue stalled check', error));
    }
    return worker;
  };
  const wake = () => {
    for (const listener of listeners) listener();
  };
  const runningJob = (jobId: string) => {
    const entry = running.get(jobId);
    if (!entry) throw new Error(`media job ${jobId} is not running in this process`);
    return entry;
  };

  /** Makes sure BullMQ has the job of a `queued` row; says what it had to do. */
  async function handOver(jobId: string, postId: string): Promise<'added' | 'retried' | 'present'> {
    const state = await jobs().getJobState(jobId);
    if (state === 'unknown') {
      await jobs().add('process', { postId }, { jobId });
      return 'added';
    }
    if (state === 'failed') {
      // The row was requeued (civitas jobs-retry) and the process stopped before BullMQ heard of it.
      const job = await jobs().getJob(jobId);
      await job?.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
      return 'retried';
    }
    return 'present';
  }

  /** Settles a delivered job the table says needs no run; true when it was one. */
  async function settledWithoutRun(job: Job<MediaJobData>, token: string): Promise<boolean> {
    const row = await db
      .selectFrom('media_jobs')
      .select(['status', 'failure_code', 'failure_message'])
      .where('id', '=', job.id as string)
      .executeTakeFirst();
    if (!row) {
      // Dispatch follows the commit, so this is a replica behind or a row removed by hand: wait a little.
      if (Date.now() - job.timestamp < ROW_WAIT_MS) await job.moveToDelayed(Date.now() + ROW_RETRY_MS, token);
      else await job.moveToFailed(new UnrecoverableError('NO_JOB_ROW: the media_jobs row never appeared'), token);
      return true;
    }
    // A worker died between writing the outcome to the row and telling BullMQ: finish the BullMQ side.
    if (row.status === 'done') await job.moveToCompleted(null, token, false);
    else if (row.status === 'failed') {
      await job.moveToFailed(new UnrecoverableError(`${row.failure_code}: ${row.failure_message}`), token);
    } else return false;
    return true;
  }

  return {
    enqueue: (trx, postId, now) => insertJobRow(trx, postId, now),

    async dispatch(jobId, postId) {
      // Commands wait for Redis while it is unreachable: a request must not, the relay hands the job over later.
      const handed = handOver(jobId, postId);
      handed.catch(() => {}); // still settling after the timeout is fine: adding it again is a no-op
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`handing media job ${jobId} to BullMQ timed out`)),
          DISPATCH_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([handed, timeout]);
      } finally {
        clearTimeout(timer);
      }
      wake();
    },

    async claim(now, leaseMs): Promise<ClaimedJob | null> {
      const source = workerFor(leaseMs);
      for (let settled = 0; settled < MAX_SETTLED_PER_CLAIM; settled += 1) {
        const token = randomUUID();
        const job = await source.getNextJob(token, { block: false });
        if (!job?.id) return null;
        if (await settledWithoutRun(job, token)) continue;
        // attemptsStarted counts every delivery, stalled ones too, as the table's claim counts its attempts.
        const attempts = job.attemptsStarted;
        await updateJobRow(db, job.id, { status: 'running', attempts, locked_until: now + leaseMs, updated_at: now });
        running.set(job.id, { job, token, leaseMs });
        return { id: job.id, postId: job.data.postId, attempts };
      }
      return null;
    },

    async extendLease(jobId) {
      const entry = running.get(jobId);
      if (!entry) return; // settled a moment ago, before its heartbeat was cleared
      // 0: the lock ran out (this process stalled) and the job may be running elsewhere now.
      if (!(await entry.job.extendLock(entry.token, entry.leaseMs)))
        throw new Error(`media job ${jobId} lost its lock`);
    },

    progress: (jobId, stage, percent, now) => updateJobRow(db, jobId, { stage, percent, updated_at: now }),

    // Each outcome is written to the row first (what authors see), then to BullMQ: a worker dying in between
    // leaves a job that BullMQ delivers again and the next claim settles from the row (settledWithoutRun).
    async succeed(jobId, now) {
      const { job, token } = runningJob(jobId);
      running.delete(jobId);
      await updateJobRow(db, jobId, succeededRow(now));
      await job.moveToCompleted(null, token, false);
    },

    async release(jobId, runAfter, reason, now) {
      const { job, token } = runningJob(jobId);
      running.delete(jobId);
      await updateJobRow(db, jobId, releasedRow(runAfter, reason, now));
      // BullMQ retries with its backoff (the same as the worker's); should its attempts disagree with the
      // worker's (MEDIA_JOB_ATTEMPTS raised since the job was added), the worker's decision holds.
      if (job.attemptsMade + 1 < (job.opts.attempts ?? 1)) await job.moveToFailed(new Error(reason), token);
      else await job.moveToDelayed(runAfter, token);
    },

    async handBack(jobId, now) {
      const { job, token } = runningJob(jobId);
      running.delete(jobId);
      await updateJobRow(db, jobId, releasedRow(now, 'the server stopped', now));
      await job.moveToWait(token);
    },

    async fail(jobId, code, message, now) {
      const { job, token } = runningJob(jobId);
      running.delete(jobId);
      await updateJobRow(db, jobId, failedRow(code, message, now));
      // Unrecoverable: straight to the failed set, whatever attempts BullMQ has left.
      await job.moveToFailed(new UnrecoverableError(`${code}: ${message}`), token);
    },

    latestFor: (postId) => latestJobFor(db, postId),

    async listFailed(limit): Promise<FailedJob[]> {
      const failed = await jobs().getJobs(['failed'], 0, limit - 1);
      const ids = failed.flatMap((job) => (job.id ? [job.id] : []));
      const rows = new Map((await failedJobRows(db, limit, ids)).map((row) => [row.id, row]));
      return failed.map(
        (job) =>
          rows.get(job.id as string) ?? {
            // Failed by BullMQ alone (e.g. past its stalled limit): what BullMQ knows.
            id: job.id as string,
            postId: job.data.postId,
            attempts: job.attemptsStarted,
            failureCode: null,
            failureMessage: job.failedReason ?? null,
            failedAt: job.finishedOn ?? job.timestamp,
          },
      );
    },

    requeueFailed: (trx, jobId, now) => requeueJobRow(trx, jobId, now),

    /** The relay: `queued` rows whose BullMQ job never got added (or re-added on a retry) are handed over. */
    async maintain(now) {
      let query = db
        .selectFrom('media_jobs')
        .select(['id', 'post_id'])
        .where('status', '=', 'queued')
        .where('updated_at', '<', now - RELAY_GRACE_MS);
      if (relayCursor) query = query.where('id', '>', relayCursor);
      const rows = await query.orderBy('id').limit(RELAY_BATCH).execute();
      // A full page continues from its last id next time; a short one starts over.
      relayCursor = rows.length === RELAY_BATCH ? (rows.at(-1)?.id ?? null) : null;
      let handed = 0;
      for (const row of rows) {
        const outcome = await handOver(row.id, row.post_id);
        if (outcome !== 'present') {
          handed += 1;
          options.log(`media job ${row.id} was committed but not in the queue; the relay ${outcome} it`);
        }
      }
      if (handed > 0) wake();
    },

    onEnqueued: (listener) => {
      listeners.push(listener);
    },

    async close() {
      await worker?.close();
      await queue?.close();
      // QUIT would wait for a Redis that is unreachable; then just drop the connection.
      if (connection?.status === 'ready') await connection.quit().catch(() => connection?.disconnect());
      else connection?.disconnect();
      worker = null;
      queue = null;
      connection = null;
    },
  };
}
