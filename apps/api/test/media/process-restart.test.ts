import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { AppContext } from '../../src/context.js';
import { insertCitizen } from '../../src/seed/citizens.js';
import { fromSources } from '../support/from-sources.js';
import type { TestApp } from '../support/harness.js';
import { closeContext, createTempDatabase, type TempDatabase } from '../support/temp-database.js';
import { createDraft, settledStatus, statusOf, uploadWhole } from '../support/upload-client.js';
import { makeVideo } from '../support/video-clip.js';

// A real worker process (the same code the server runs in-process), killed with SIGKILL while it transcodes:
// the job's lease runs out and the next process takes the job over and finishes it.

const entry = fileURLToPath(new URL('../../src/worker-main.ts', import.meta.url));

let db: TempDatabase;
let ctx: AppContext;
let app: FastifyInstance;
let work: string;
const children: ChildProcess[] = [];

const startWorkerProcess = () => {
  const child = spawn(process.execPath, fromSources(entry), {
    env: { PATH: process.env.PATH, ...db.env },
    stdio: 'ignore',
  });
  children.push(child);
  return child;
};

beforeAll(async () => {
  // Status is polled every 100 ms for as long as a slow machine transcodes: past the 300 requests per 5 minutes
  // a citizen may make, which is not what this test is about.
  db = await createTempDatabase({ MEDIA_JOB_LEASE_MS: '1500', REQUESTS_PER_5_MINUTES: '1000000' });
  ctx = await db.open();
  app = await buildApp(ctx);
  work = await mkdtemp(join(tmpdir(), 'civitas-restart-'));
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await app.close();
  await closeContext(ctx);
  await db.drop();
  await rm(work, { recursive: true, force: true });
});

describe('media processing across a crash', () => {
  it('finishes a job whose worker was killed mid-transcode, once another worker starts', {
    timeout: 180_000,
  }, async () => {
    const authorId = await insertCitizen(
      ctx.db,
      { username: 'crash_test', displayName: 'Crash', country: 'GB' },
      Date.now(),
    );
    const token = await ctx.tokens.issue({ kind: 'citizen', citizenId: authorId, username: 'crash_test' }, 900);
    const t = {
      request: ({ as, headers, ...rest }: Parameters<TestApp['request']>[0]) =>
        app.inject({ ...rest, headers: { ...headers, authorization: `Bearer ${as}` } }),
    } as TestApp;

    const path = join(work, 'long.mov');
    await makeVideo(path, { seconds: 40, size: '1280x720', extra: ['-pix_fmt', 'yuv444p', '-profile:v', 'high444'] });
    const draft = await createDraft(t, token, { mediaType: 'video' });
    const { completed } = await uploadWhole(
      t,
      token,
      draft.id,
      'video-upload',
      await readFile(path),
      'video/quicktime',
    );
    expect(completed.statusCode, completed.body).toBe(202);

    const first = startWorkerProcess();
    for (;;) {
      const status = (await statusOf(t, token, draft.id)).json();
      if (status.stage === 'transcode' && status.percent > 5) break;
      expect(status.status).toBe('processing');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    expect((await statusOf(t, token, draft.id)).json().status).toBe('processing');

    startWorkerProcess();
    const settled = await settledStatus(t, token, draft.id, 150_000);
    expect(settled).toMatchObject({ status: 'ready' });
    // The worker marks its job done just after the post is ready: a loaded machine can read between the two.
    const job = () =>
      ctx.db
        .selectFrom('media_jobs')
        .select(['status', 'attempts'])
        .where('post_id', '=', draft.id)
        .executeTakeFirstOrThrow();
    await expect.poll(job, { timeout: 10_000 }).toEqual({ status: 'done', attempts: 2 });
  });
});
