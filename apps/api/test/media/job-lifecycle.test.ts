import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaWorker } from '../../src/domains/media/media-worker.js';
import { sweepExpiredUploads } from '../../src/domains/media/sweep-uploads.js';
import { startWorker } from '../../src/media/jobs/worker.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { jpegWithGps } from '../support/media-files.js';
import {
  complete,
  createDraft,
  type Initiated,
  initiate,
  sendPart,
  settledStatus,
  uploadWhole,
} from '../support/upload-client.js';
import { makeVideo } from '../support/video-clip.js';

// What keeps a post from ever staying in processing: time limits, retries with backoff, the sweep of
// abandoned uploads, and refusing video when ffmpeg is missing.

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'civitas-jobs-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('a media job past its time limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MEDIA_JOB_TIMEOUT_MS: '1500' } });
  });
  afterAll(() => t.close());

  it('fails its post with PROCESSING_TIMEOUT and leaves no ffmpeg running', { timeout: 120_000 }, async () => {
    const path = join(work, 'slow.mov');
    await makeVideo(path, { seconds: 30, size: '1280x720', extra: ['-pix_fmt', 'yuv444p', '-profile:v', 'high444'] });
    const draft = await createDraft(t, 'alice', { mediaType: 'video' });
    await uploadWhole(t, 'alice', draft.id, 'video-upload', await readFile(path));
    const worker = startMediaWorker(t.ctx, () => {});
    try {
      const settled = await settledStatus(t, 'alice', draft.id, 60_000);
      expect(settled).toMatchObject({ status: 'failed', failureCode: 'PROCESSING_TIMEOUT' });
      expect(settled.failureMessage).toMatch(/took too long/);
    } finally {
      await worker.stop();
    }
    const { execFileSync } = await import('node:child_process');
    const ffmpegs = execFileSync('ps', ['-eo', 'args'])
      .toString()
      .split('\n')
      .filter((line) => line.includes(draft.id));
    expect(ffmpegs).toEqual([]);
    // Its bytes are gone too: a failed post keeps nothing of the upload.
    expect(await readdir(join(t.ctx.config.DATA_DIR, 'uploads')).catch(() => [])).toEqual([]);
  });
});

describe('the worker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('retries a job that failed for a passing reason with backoff, then succeeds', async () => {
    const draft = await createDraft(t, 'bob');
    await t.ctx.media.queue.enqueue(t.ctx.db, draft.id, t.ctx.now());
    let clock = Date.now();
    const runs: number[] = [];
    const worker = startWorker({
      queue: t.ctx.media.queue,
      run: async () => {
        runs.push(clock);
        if (runs.length === 1) throw new Error('disk full');
      },
      giveUp: async () => {},
      now: () => clock,
      timeoutMs: 10_000,
      leaseMs: 10_000,
      maxAttempts: 3,
      pollMs: 20,
      log: () => {},
    });
    try {
      await worker.drained();
      const waiting = await t.ctx.db
        .selectFrom('media_jobs')
        .selectAll()
        .where('post_id', '=', draft.id)
        .executeTakeFirstOrThrow();
      expect(waiting).toMatchObject({ status: 'queued', attempts: 1, failure_message: 'disk full' });
      expect(waiting.run_after - (runs[0] ?? 0)).toBe(5_000); // the first backoff
      clock += 5_000;
      await worker.drained();
      await worker.drained();
    } finally {
      await worker.stop();
    }
    expect(runs).toHaveLength(2);
    const done = await t.ctx.db
      .selectFrom('media_jobs')
      .select(['status', 'attempts'])
      .where('post_id', '=', draft.id)
      .executeTakeFirstOrThrow();
    expect(done).toEqual({ status: 'done', attempts: 2 });
  });

  it('gives up after the last attempt, and the post says why', async () => {
    const draft = await createDraft(t, 'carol');
    await t.ctx.db.updateTable('posts').set({ status: 'processing' }).where('id', '=', draft.id).execute();
    await t.ctx.media.queue.enqueue(t.ctx.db, draft.id, t.ctx.now());
    let clock = Date.now();
    const worker = startWorker({
      queue: t.ctx.media.queue,
      run: async () => {
        throw new Error('still broken');
      },
      giveUp: async (job) => {
        await t.ctx.db.updateTable('posts').set({ status: 'failed' }).where('id', '=', job.postId).execute();
      },
      now: () => clock,
      timeoutMs: 10_000,
      leaseMs: 10_000,
      maxAttempts: 2,
      pollMs: 10,
      log: () => {},
    });
    try {
      for (let i = 0; i < 4; i += 1) {
        await worker.drained();
        clock += 60_000; // past every backoff
      }
    } finally {
      await worker.stop();
    }
    const status = await t.request({
      method: 'GET',
      url: `/api/users/creators-content/status/${draft.id}`,
      as: 'carol',
    });
    expect(status.json()).toMatchObject({ status: 'failed', failureCode: 'PROCESSING_FAILED' });
  });
});

describe('abandoned uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are swept once they expire: parts deleted, the upload closed, the post still waiting for a file', async () => {
    const photo = await jpegWithGps(400, 300);
    const draft = await createDraft(t, 'dave');
    const upload: Initiated = (await initiate(t, 'dave', draft.id, 'image-upload', { fileSize: photo.length })).json();
    await sendPart(t, 'dave', upload.parts[0]?.url ?? '', photo);
    expect(await sweepExpiredUploads(t.ctx)).toBe(0);
    const realNow = t.ctx.now;
    t.ctx.now = () => realNow() + t.ctx.config.UPLOAD_EXPIRY_MS + 1;
    try {
      expect(await sweepExpiredUploads(t.ctx)).toBe(1);
    } finally {
      t.ctx.now = realNow;
    }
    expect(await readdir(join(t.ctx.config.DATA_DIR, 'uploads'))).toEqual([]);
    const late = await complete(t, 'dave', draft.id, 'image-upload', upload.uploadId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('expired');
    const { completed } = await uploadWhole(t, 'dave', draft.id, 'image-upload', photo);
    expect(completed.statusCode).toBe(202);
  });
});

describe('without ffmpeg', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' } });
  });
  afterAll(() => t.close());

  it('refuses video uploads with a clear 503, and pictures still work', async () => {
    const video = await createDraft(t, 'erin', { mediaType: 'video' });
    const refused = await initiate(t, 'erin', video.id, 'video-upload', { fileSize: 1000, contentType: 'video/mp4' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'VIDEO_UNAVAILABLE' });
    expect(refused.json().message).toMatch(/not available/);
    const picture = await createDraft(t, 'erin');
    const { completed } = await uploadWhole(t, 'erin', picture.id, 'image-upload', await jpegWithGps(400, 300));
    expect(completed.statusCode).toBe(202);
  });

  it('sweeps a folder of parts the database no longer keeps open, once it is old; open uploads stay', async () => {
    const photo = await jpegWithGps(400, 300);
    const draft = await createDraft(t, 'erin');
    const open: Initiated = (await initiate(t, 'erin', draft.id, 'image-upload', { fileSize: photo.length })).json();
    await sendPart(t, 'erin', open.parts[0]?.url ?? '', photo);
    // A part that arrived as its upload was given up (or a crash between the row and the bytes): no open row.
    const stray = randomUUID();
    await t.ctx.media.uploads.writePart(stray, 1, Readable.from([photo]), photo.length);
    const uploads = join(t.ctx.config.DATA_DIR, 'uploads');
    expect(await sweepExpiredUploads(t.ctx)).toBe(0);
    expect(await readdir(uploads)).toEqual(expect.arrayContaining([open.uploadId, stray]));

    const longAgo = new Date(Date.now() - t.ctx.config.UPLOAD_EXPIRY_MS - 60_000);
    for (const id of [open.uploadId, stray]) await utimes(join(uploads, id), longAgo, longAgo);
    await sweepExpiredUploads(t.ctx);
    // The open upload is the database's to expire (by its own time), so only the stray folder goes.
    const left = await readdir(uploads);
    expect(left).toContain(open.uploadId);
    expect(left).not.toContain(stray);
  });
});
