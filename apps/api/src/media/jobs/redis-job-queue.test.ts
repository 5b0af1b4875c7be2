import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/harness.js';
import { testRedisUrl } from '../../../test/support/redis-queue.js';
import { createDraft } from '../../../test/support/upload-client.js';
import { MediaRejected } from '../media-rejected.js';
import { MEDIA_QUEUE_NAME, redisJobQueue } from './redis-job-queue.js';
import { startWorker, type WorkerOptions } from './worker.js';

// The BullMQ driver against the machine's real Redis, under a key prefix of its own (the harness deletes its
// keys on close): the row is the record, BullMQ delivers, retries, and keeps the dead letter.

let t: TestApp;
let inspect: Queue; // a second client on the same queue, to see what BullMQ holds
beforeAll(async () => {
  t = await createTestApp({ env: { REDIS_URL: testRedisUrl } });
  const url = new URL(testRedisUrl);
  inspect = new Queue(MEDIA_QUEUE_NAME, {
    connection: { host: url.hostname, port: Number(url.port || 6379) },
    prefix: t.ctx.config.JOB_QUEUE_PREFIX,
  });
});
afterAll(async () => {
  await inspect?.close();
  await t?.close();
});

const row = (jobId: string) =>
  t.ctx.db.selectFrom('media_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();

/** A post in processing with a committed job, not yet dispatched. */
async function queuedPost(who: 'alice' | 'bob' | 'carol' | 'dave' = 'alice') {
  const draft = await createDraft(t, who);
  const now = Date.now();
  const jobId = await t.ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('posts').set({ status: 'processing' }).where('id', '=', draft.id).execute();
    return t.ctx.media.queue.enqueue(trx, draft.id, now);
  });
  return { postId: draft.id, jobId };
}

const workerOptions = (overrides: Partial<WorkerOptions>): WorkerOptions => ({
  queue: t.ctx.media.queue,
  run: async () => {},
  giveUp: async (job) => {
    await t.ctx.db.updateTable('posts').set({ status: 'failed' }).where('id', '=', job.postId).execute();
  },
  now: Date.now,
  timeoutMs: 10_000,
  leaseMs: 10_000,
  maxAttempts: 3,
  pollMs: 20,
  log: () => {},
  ...overrides,
});

describe('the BullMQ job queue', () => {
  it('delivers a job only once dispatched, then claim, progress and success reach the row and BullMQ', async () => {
    const queue = t.ctx.media.queue;
    const { postId, jobId } = await queuedPost();
    expect(await queue.claim(Date.now(), 10_000)).toBeNull(); // committed, not yet handed to BullMQ
    await queue.dispatch(jobId, postId);
    await queue.dispatch(jobId, postId); // idempotent: the same jobId
    expect(await inspect.getJobCounts('waiting')).toMatchObject({ waiting: 1 });

    const claimed = await queue.claim(Date.now(), 10_000);
    expect(claimed).toEqual({ id: jobId, postId, attempts: 1 });
    expect(await inspect.getJobState(jobId)).toBe('active');
    await queue.extendLease(jobId, Date.now() + 10_000);
    await queue.progress(jobId, 'image', 40, Date.now());
    expect(await queue.latestFor(postId)).toMatchObject({ status: 'running', stage: 'image', percent: 40 });

    await queue.succeed(jobId, Date.now());
    expect(await row(jobId)).toMatchObject({ status: 'done', percent: 100, attempts: 1 });
    expect(await inspect.getJobState(jobId)).toBe('completed');
    expect(await queue.claim(Date.now(), 10_000)).toBeNull();
  });

  it('retries a passing failure with BullMQ’s backoff (5 s), then dead-letters it after the last attempt', {
    timeout: 30_000,
  }, async () => {
    const { postId, jobId } = await queuedPost('bob');
    await t.ctx.media.queue.dispatch(jobId, postId);
    const runs: number[] = [];
    const worker = startWorker(
      workerOptions({
        maxAttempts: 2,
        run: async () => {
          runs.push(Date.now());
          throw new Error('disk full');
        },
      }),
    );
    try {
      await worker.drained();
      expect(runs).toHaveLength(1);
      expect(await row(jobId)).toMatchObject({ status: 'queued', attempts: 1, failure_message: 'disk full' });
      expect(await inspect.getJobState(jobId)).toBe('delayed');
      const delayed = await inspect.getJob(jobId);
      expect(delayed?.delay).toBe(5_000);
      expect(delayed?.attemptsMade).toBe(1);
      // The second and last attempt once the backoff has passed; then the failed set.
      const until = Date.now() + 20_000;
      while ((await inspect.getJobState(jobId)) !== 'failed' && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await worker.stop();
    }
    expect(runs).toHaveLength(2);
    expect((runs[1] ?? 0) - (runs[0] ?? 0)).toBeGreaterThanOrEqual(5_000);
    expect(await row(jobId)).toMatchObject({ status: 'failed', attempts: 2, failure_code: 'PROCESSING_FAILED' });
    const post = await t.ctx.db.selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirst();
    expect(post?.status).toBe('failed');
    expect(await t.ctx.media.queue.listFailed(10)).toContainEqual(
      expect.objectContaining({ id: jobId, postId, attempts: 2, failureCode: 'PROCESSING_FAILED' }),
    );
  });

  it('fails a refused file at once, without retries', async () => {
    const { postId, jobId } = await queuedPost('carol');
    await t.ctx.media.queue.dispatch(jobId, postId);
    const worker = startWorker(
      workerOptions({
        run: async () => {
          throw new MediaRejected('CORRUPT_MEDIA', 'This file is damaged.');
        },
      }),
    );
    try {
      await worker.drained();
    } finally {
      await worker.stop();
    }
    expect(await row(jobId)).toMatchObject({ status: 'failed', attempts: 1, failure_code: 'CORRUPT_MEDIA' });
    const job = await inspect.getJob(jobId);
    expect(await job?.getState()).toBe('failed');
    expect(job?.failedReason).toBe('CORRUPT_MEDIA: This file is damaged.');
  });

  it('hands a stopping worker’s job back to wait, not counted as a failed try', async () => {
    const { postId, jobId } = await queuedPost('dave');
    await t.ctx.media.queue.dispatch(jobId, postId);
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const worker = startWorker(
      workerOptions({
        run: (_job, run) =>
          new Promise((_resolve, reject) => {
            started();
            run.signal.addEventListener('abort', () => reject(run.signal.reason));
          }),
      }),
    );
    await running;
    await worker.stop();
    expect(await inspect.getJobState(jobId)).toBe('waiting');
    expect((await inspect.getJob(jobId))?.attemptsMade).toBe(0);
    expect(await row(jobId)).toMatchObject({ status: 'queued', failure_message: 'the server stopped' });
    // Whoever claims it next runs it.
    expect(await t.ctx.media.queue.claim(Date.now(), 10_000)).toMatchObject({ id: jobId, attempts: 2 });
    await t.ctx.media.queue.succeed(jobId, Date.now());
  });

  it('relays a committed job that never reached BullMQ, and puts off a job whose row is not visible yet', async () => {
    const queue = t.ctx.media.queue;
    const { postId, jobId } = await queuedPost();
    // As if the process died between the commit and the add: only the relay can hand it over.
    await queue.maintain(Date.now()); // too young: its dispatch may still be on its way
    expect(await inspect.getJobState(jobId)).toBe('unknown');
    await queue.maintain(Date.now() + 10_000);
    expect(await inspect.getJobState(jobId)).toBe('waiting');
    expect(await queue.claim(Date.now(), 10_000)).toMatchObject({ id: jobId });
    await queue.succeed(jobId, Date.now());

    const orphan = '01900000-0000-7000-8000-00000000beef';
    await queue.dispatch(orphan, postId);
    expect(await queue.claim(Date.now(), 10_000)).toBeNull();
    expect(await inspect.getJobState(orphan)).toBe('delayed');
    expect((await inspect.getJob(orphan))?.attemptsMade).toBe(0);
    await (await inspect.getJob(orphan))?.remove();
  });

  it('lets a request go on when Redis is unreachable at dispatch, and the relay hands the job over later', async () => {
    const unreachable = redisJobQueue({
      db: t.ctx.db,
      redisUrl: 'redis://127.0.0.1:1', // nothing listens there
      prefix: t.ctx.config.JOB_QUEUE_PREFIX,
      attempts: 3,
      log: () => {},
    });
    const draft = await createDraft(t, 'alice');
    const jobId = await unreachable.enqueue(t.ctx.db, draft.id, Date.now());
    const started = Date.now();
    await expect(unreachable.dispatch(jobId, draft.id)).rejects.toThrow(/timed out/);
    expect(Date.now() - started).toBeLessThan(5_000);
    await unreachable.close();
    // Redis is back (here: the instance that can reach it): its relay adds the committed job.
    await t.ctx.media.queue.maintain(Date.now() + 10_000);
    expect(await inspect.getJobState(jobId)).toBe('waiting');
    expect(await t.ctx.media.queue.claim(Date.now(), 10_000)).toMatchObject({ id: jobId });
    await t.ctx.media.queue.succeed(jobId, Date.now());
  });
});
