import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { AppContext } from '../../src/context.js';
import { MEDIA_QUEUE_NAME } from '../../src/media/jobs/redis-job-queue.js';
import { insertCitizen } from '../../src/seed/citizens.js';
import { jpegWithGps } from '../support/media-files.js';
import { testRedisUrl } from '../support/redis-queue.js';
import { spawnEntry } from '../support/server-process.js';
import { closeContext, createTempDatabase, type TempDatabase } from '../support/temp-database.js';
import { createDraft, settledStatus, statusOf, uploadWhole, withBearer } from '../support/upload-client.js';
import { makeVideo } from '../support/video-clip.js';

// The server entry with ROLE=worker, as a real process beside an instance that only serves (this test's app):
// it processes what the instance queued through BullMQ, serves nothing, and on SIGTERM hands the job it is running
// back to BullMQ's wait list and exits 0.

let db: TempDatabase;
let ctx: AppContext;
let app: FastifyInstance;
let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'civitas-role-'));
  db = await createTempDatabase({ REDIS_URL: testRedisUrl, ROLE: 'web' });
  ctx = await db.open();
  app = await buildApp(ctx);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  await app.close();
  await closeContext(ctx);
  await db.drop();
});

describe('ROLE=worker', () => {
  it('runs only the media worker: jobs queued by a web instance are processed; SIGTERM hands a job back, exits 0', {
    timeout: 120_000,
  }, async () => {
    const worker = spawnEntry('server', { ...db.env, ROLE: 'worker', MEDIA_WORKER: 'true' });
    const { child } = worker;
    const exited = worker.exited.then(({ code }) => code);
    try {
      await expect.poll(() => worker.output(), { timeout: 30_000 }).toContain('media worker started');
      expect(worker.output()).toContain('ROLE=worker: the media worker, on the Redis (BullMQ) job queue');
      expect(worker.output()).not.toContain(testRedisUrl);

      const authorId = await insertCitizen(
        ctx.db,
        { username: 'role_test', displayName: 'Role', country: 'GB' },
        Date.now(),
      );
      const token = await ctx.tokens.issue({ kind: 'citizen', citizenId: authorId, username: 'role_test' }, 900);
      const t = withBearer(app);
      const draft = await createDraft(t, token);
      const { completed } = await uploadWhole(t, token, draft.id, 'image-upload', await jpegWithGps());
      expect(completed.statusCode, completed.body).toBe(202);
      expect(await settledStatus(t, token, draft.id, 30_000)).toMatchObject({ status: 'ready' });

      // A long transcode is under way when SIGTERM comes: the job goes back to wait, not to a failed try.
      const video = join(work, 'long.mov');
      await makeVideo(video, {
        seconds: 30,
        size: '1280x720',
        extra: ['-pix_fmt', 'yuv444p', '-profile:v', 'high444'],
      });
      const clip = await createDraft(t, token, { mediaType: 'video' });
      await uploadWhole(t, token, clip.id, 'video-upload', await readFile(video), 'video/quicktime');
      await expect
        .poll(async () => (await statusOf(t, token, clip.id)).json().stage, { timeout: 30_000, interval: 100 })
        .toBe('transcode');
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const job = await ctx.db
        .selectFrom('media_jobs')
        .select(['id', 'status', 'failure_message'])
        .where('post_id', '=', clip.id)
        .executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: 'queued', failure_message: 'the server stopped' });
      const url = new URL(testRedisUrl);
      const queue = new Queue(MEDIA_QUEUE_NAME, {
        connection: { host: url.hostname, port: Number(url.port || 6379) },
        prefix: ctx.config.JOB_QUEUE_PREFIX,
      });
      try {
        expect(await queue.getJobState(job.id)).toBe('waiting');
        expect((await queue.getJob(job.id))?.attemptsMade).toBe(0);
      } finally {
        await queue.close();
      }
    } finally {
      child.kill('SIGKILL');
    }
  });
});
