import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { AppContext } from '../../src/context.js';
import { startMediaWorker } from '../../src/domains/media/media-worker.js';
import { MEDIA_QUEUE_NAME } from '../../src/media/jobs/redis-job-queue.js';
import { insertCitizen } from '../../src/seed/citizens.js';
import { fromSources } from '../support/from-sources.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { jpegWithGps } from '../support/media-files.js';
import { testRedisUrl } from '../support/redis-queue.js';
import { closeContext, createTempDatabase, type TempDatabase } from '../support/temp-database.js';
import { createDraft, settledStatus, statusOf, uploadWhole, withBearer } from '../support/upload-client.js';

// Media processing through BullMQ on the machine's Redis (each test under its own key prefix, deleted after):
// an upload completed through the API is processed by the real worker, also after a worker was killed mid-job.

const bullmqState = async (config: AppContext['config'], jobId: string) => {
  const url = new URL(testRedisUrl);
  const queue = new Queue(MEDIA_QUEUE_NAME, {
    connection: { host: url.hostname, port: Number(url.port || 6379) },
    prefix: config.JOB_QUEUE_PREFIX,
  });
  try {
    return await queue.getJobState(jobId);
  } finally {
    await queue.close();
  }
};

const jobOf = (ctx: AppContext, postId: string) =>
  ctx.db
    .selectFrom('media_jobs')
    .select(['id', 'status', 'attempts'])
    .where('post_id', '=', postId)
    .executeTakeFirstOrThrow();

describe('with REDIS_URL, an image upload completed through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_URL: testRedisUrl } });
  });
  afterAll(() => t.close());

  it('is processed by the media worker through BullMQ until the post is ready', async () => {
    const worker = startMediaWorker(t.ctx, () => {});
    try {
      const draft = await createDraft(t, 'alice');
      const { completed } = await uploadWhole(t, 'alice', draft.id, 'image-upload', await jpegWithGps());
      expect(completed.statusCode, completed.body).toBe(202);
      expect(await settledStatus(t, 'alice', draft.id, 30_000)).toMatchObject({ status: 'ready', percent: 100 });
      const job = await jobOf(t.ctx, draft.id);
      await expect.poll(() => jobOf(t.ctx, draft.id)).toMatchObject({ status: 'done', attempts: 1 });
      await expect.poll(() => bullmqState(t.ctx.config, job.id)).toBe('completed');
    } finally {
      await worker.stop();
    }
  });
});

describe('with REDIS_URL, a worker killed with SIGKILL mid-job', () => {
  const stallingWorker = fileURLToPath(new URL('./stalling-worker.ts', import.meta.url));
  let db: TempDatabase;
  let ctx: AppContext;
  let app: FastifyInstance;
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    // A short lease, so the dead worker's lock runs out (and BullMQ's stalled check finds it) within seconds.
    db = await createTempDatabase({ REDIS_URL: testRedisUrl, MEDIA_JOB_LEASE_MS: '1000' });
    ctx = await db.open();
    app = await buildApp(ctx);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await app.close();
    await closeContext(ctx);
    await db.drop();
  });

  it('has its job picked up again by another worker once the lock expires, and the post ends ready', {
    timeout: 60_000,
  }, async () => {
    const authorId = await insertCitizen(
      ctx.db,
      { username: 'stall_test', displayName: 'Stall', country: 'GB' },
      Date.now(),
    );
    const token = await ctx.tokens.issue({ kind: 'citizen', citizenId: authorId, username: 'stall_test' }, 900);
    const t = withBearer(app);
    const draft = await createDraft(t, token);
    const { completed } = await uploadWhole(t, token, draft.id, 'image-upload', await jpegWithGps());
    expect(completed.statusCode, completed.body).toBe(202);

    // A worker process on the same queue claims the job and hangs in it; then it is killed outright.
    const spawned = spawn(process.execPath, fromSources(stallingWorker), {
      env: { PATH: process.env.PATH, ...db.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child = spawned;
    const claimed = await new Promise<string>((resolve, reject) => {
      let out = '';
      spawned.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /claimed (\S+)/.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      spawned.once('exit', (code) => reject(new Error(`the stalling worker exited (${code}) before claiming`)));
    });
    const job = await jobOf(ctx, draft.id);
    expect(claimed).toBe(job.id);
    expect(job).toMatchObject({ status: 'running', attempts: 1 });
    spawned.kill('SIGKILL');
    await new Promise((resolve) => spawned.once('exit', resolve));
    expect(await bullmqState(ctx.config, job.id)).toBe('active'); // its lock has not run out yet
    expect((await statusOf(t, token, draft.id)).json().status).toBe('processing');

    // Another worker (this process) takes it over through BullMQ's stalled-job recovery and finishes it.
    const worker = startMediaWorker(ctx, () => {});
    try {
      expect(await settledStatus(t, token, draft.id, 30_000)).toMatchObject({ status: 'ready' });
      await expect.poll(() => jobOf(ctx, draft.id)).toMatchObject({ status: 'done', attempts: 2 });
      await expect.poll(() => bullmqState(ctx.config, job.id)).toBe('completed');
    } finally {
      await worker.stop();
    }
  });
});
