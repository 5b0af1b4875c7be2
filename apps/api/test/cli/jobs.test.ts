import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { AppContext } from '../../src/context.js';
import { startMediaWorker } from '../../src/domains/media/media-worker.js';
import { failPost } from '../../src/domains/media/publish.js';
import { startWorker } from '../../src/media/jobs/worker.js';
import { insertCitizen } from '../../src/seed/citizens.js';
import { cli } from '../support/cli.js';
import type { TestApp } from '../support/harness.js';
import { jpegWithGps } from '../support/media-files.js';
import { testRedisUrl } from '../support/redis-queue.js';
import { closeContext, createTempDatabase, type TempDatabase } from '../support/temp-database.js';
import { createDraft, settledStatus, uploadWhole } from '../support/upload-client.js';

// civitas jobs-failed / jobs-retry on both queues: the embedded table, and BullMQ on the machine's Redis (under a
// key prefix of its own, deleted after).

describe.each([
  ['the embedded queue', {}],
  ['the BullMQ queue', { REDIS_URL: testRedisUrl }],
])('civitas jobs-failed and jobs-retry on %s', (_name, env: Record<string, string>) => {
  let db: TempDatabase;
  let ctx: AppContext;
  let app: FastifyInstance;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    db = await createTempDatabase(env);
    ctx = await db.open();
    app = await buildApp(ctx);
    const authorId = await insertCitizen(
      ctx.db,
      { username: 'jobs_cli', displayName: 'Jobs', country: 'GB' },
      Date.now(),
    );
    token = await ctx.tokens.issue({ kind: 'citizen', citizenId: authorId, username: 'jobs_cli' }, 900);
    t = {
      request: ({ as, headers, ...rest }: Parameters<TestApp['request']>[0]) =>
        app.inject({ ...rest, headers: { ...headers, authorization: `Bearer ${as}` } }),
    } as TestApp;
  });
  afterAll(async () => {
    await app.close();
    await closeContext(ctx);
    await db.drop();
  });

  /**
   * An image post whose job failed on its only attempt (a passing error, as a full disk). `keepUpload`: the
   * bytes survive (as when the failure was noted but the post not yet cleaned up); else the post failed as
   * usual, which deletes them.
   */
  async function deadLetteredPost(keepUpload: boolean): Promise<{ postId: string; jobId: string }> {
    const draft = await createDraft(t, token);
    const { completed } = await uploadWhole(t, token, draft.id, 'image-upload', await jpegWithGps(400, 300));
    expect(completed.statusCode, completed.body).toBe(202);
    const worker = startWorker({
      queue: ctx.media.queue,
      run: async () => {
        throw new Error('disk full');
      },
      giveUp: async (job) => {
        if (!keepUpload) return failPost(ctx, job.postId);
        await ctx.db.updateTable('posts').set({ status: 'failed' }).where('id', '=', job.postId).execute();
      },
      now: ctx.now,
      timeoutMs: 10_000,
      leaseMs: 10_000,
      maxAttempts: 1,
      pollMs: 20,
      log: () => {},
    });
    await worker.drained();
    await worker.stop();
    const job = await ctx.db
      .selectFrom('media_jobs')
      .select(['id', 'status'])
      .where('post_id', '=', draft.id)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('failed');
    return { postId: draft.id, jobId: job.id };
  }

  it('lists nothing when nothing failed, and asks which jobs to retry', async () => {
    expect(await cli(db.env, 'jobs-failed')).toEqual({ code: 0, out: 'No failed media jobs.\n', err: '' });
    const vague = await cli(db.env, 'jobs-retry');
    expect(vague).toMatchObject({ code: 2, err: 'error: Say which: --job <id> or --all\n' });
  });

  it('lists a dead-lettered job and sends it back; the worker then makes its post ready', {
    timeout: 30_000,
  }, async () => {
    const { postId, jobId } = await deadLetteredPost(true);
    const listed = await cli(db.env, 'jobs-failed');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('1 failed media job (newest first):');
    expect(listed.out).toMatch(new RegExp(`${jobId} {2}post ${postId} {2}PROCESSING_FAILED {2}1 attempt {2}\\d{4}-`));

    const retried = await cli(db.env, 'jobs-retry', '--job', jobId);
    expect(retried).toEqual({ code: 0, out: `Job ${jobId} is queued again; its post is processing.\n`, err: '' });
    expect((await cli(db.env, 'jobs-failed')).out).toBe('No failed media jobs.\n');
    const row = await ctx.db.selectFrom('media_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'queued', attempts: 0, failure_code: null });

    const worker = startMediaWorker(ctx, () => {});
    try {
      expect(await settledStatus(t, token, postId, 20_000)).toMatchObject({ status: 'ready' });
    } finally {
      await worker.stop();
    }
    expect((await cli(db.env, 'jobs-retry', '--job', jobId)).err).toBe(
      `error: Job ${jobId} not retried: the job is not failed (any more).\n`,
    );
  });

  it('leaves a job whose upload is gone where it is, and says so', { timeout: 30_000 }, async () => {
    const { postId, jobId } = await deadLetteredPost(false);
    const one = await cli(db.env, 'jobs-retry', '--job', jobId);
    expect(one).toMatchObject({ code: 1, out: '' });
    expect(one.err).toContain('its upload is gone (deleted when the post failed)');
    const all = await cli(db.env, 'jobs-retry', '--all');
    expect(all.code).toBe(0);
    expect(all.out).toBe(
      `0 of 1 failed media jobs queued again.\n${jobId} (post ${postId}): not retried: its upload is gone (deleted when the post failed); the author must upload again\n`,
    );
    expect((await cli(db.env, 'jobs-failed')).out).toContain(jobId);
    const post = await ctx.db.selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirst();
    expect(post?.status).toBe('failed');
  });
});
