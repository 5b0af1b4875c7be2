import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PostView } from '@civitas/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFileOf } from '../../src/media/media-store.js';
import { provideAppWithMediaWorker } from '../support/app-with-worker.js';
import type { TestApp } from '../support/harness.js';
import { solidImage } from '../support/media-files.js';
import {
  complete,
  createDraft,
  type Initiated,
  initiate,
  sendPart,
  settledStatus,
  uploadWhole,
} from '../support/upload-client.js';
import { ffprobeJson, makeVideo } from '../support/video-clip.js';

let t: TestApp;
let work: string;
provideAppWithMediaWorker((app) => {
  t = app;
});
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'civitas-video-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Alice's video file, uploaded whole to her draft. */
const uploadVideoFile = async (draftId: string, path: string) =>
  uploadWhole(t, 'alice', draftId, 'video-upload', await readFile(path), 'video/quicktime');

const probe = (
  file: string,
): Promise<{
  format: { tags?: Record<string, string> };
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
}> => ffprobeJson(file);

async function publishedVideo(cover?: Buffer): Promise<PostView> {
  const path = join(work, `clip-${Date.now()}.mov`);
  await makeVideo(path, {
    seconds: 10,
    size: '640x360',
    extra: [
      '-metadata',
      'title=secret title',
      '-metadata',
      'location=+48.8566+002.3522/',
      '-pix_fmt',
      'yuv444p',
      '-profile:v',
      'high444',
    ],
  });
  const draft = await createDraft(t, 'alice', { mediaType: 'video', caption: 'A walk #video' });
  if (cover) {
    const { completed } = await uploadWhole(t, 'alice', draft.id, 'video-cover-image-upload', cover, 'image/png');
    expect(completed.statusCode, completed.body).toBe(202);
    expect(completed.json().status).toBe('awaiting_upload');
  }
  const { completed } = await uploadVideoFile(draft.id, path);
  expect(completed.statusCode, completed.body).toBe(202);
  const settled = await settledStatus(t, 'alice', draft.id, 90_000);
  expect(settled, JSON.stringify(settled)).toMatchObject({ status: 'ready' });
  return (await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${draft.id}`, as: 'bob' })).json();
}

describe('publishing a video post', () => {
  it('turns a 10 s video into a faststart MP4 without metadata, HLS in two renditions and a cover', {
    timeout: 120_000,
  }, async () => {
    const post = await publishedVideo();
    expect(post.media).toMatchObject({ status: 'ready', width: 640, height: 360 });
    expect(post.media.videoUri).toMatch(/\.mp4$/);
    expect(post.media.hlsUri).toMatch(/\.m3u8$/);
    expect(post.media.coverImageUri).toMatch(/\.jpeg$/);
    expect(post.media.renditions.length).toBeGreaterThan(0);

    const mp4 = mediaFileOf(t.ctx.config.DATA_DIR, post.media.videoUri ?? '') ?? '';
    const probed = await probe(mp4);
    expect(probed.streams.map((stream) => stream.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(JSON.stringify(probed.format.tags ?? {})).not.toMatch(/secret|48\.8566/);
    const bytes = await readFile(mp4);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));

    const master = await t.request({ method: 'GET', url: post.media.hlsUri ?? '' });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const variants = master.body.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(variants.length).toBeGreaterThanOrEqual(2);
    const masterBase = (post.media.hlsUri ?? '').replace(/[^/]+$/, '');
    const variant = await t.request({ method: 'GET', url: `${masterBase}${variants[0]}` });
    expect(variant.statusCode).toBe(200);
    const segment = variant.body.split('\n').find((line) => line && !line.startsWith('#')) ?? '';
    const variantBase = `${masterBase}${variants[0]}`.replace(/[^/]+$/, '');
    const segmentRes = await t.request({ method: 'GET', url: `${variantBase}${segment}` });
    expect(segmentRes.statusCode).toBe(200);
    expect(segmentRes.headers['content-type']).toBe('video/mp2t');

    const ranged = await t.request({ method: 'GET', url: post.media.videoUri ?? '', headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(100);
    expect(ranged.headers['cache-control']).toContain('immutable');
  });

  it('uses an uploaded cover picture instead of a frame', { timeout: 120_000 }, async () => {
    const cover = await solidImage(900, 900, '#0a7').png().toBuffer();
    const post = await publishedVideo(cover);
    const coverFile = mediaFileOf(t.ctx.config.DATA_DIR, post.media.coverImageUri ?? '') ?? '';
    const meta = await sharp(coverFile).metadata();
    expect(meta.width).toBe(meta.height); // the square cover, not a 16:9 frame
    const { dominant } = await sharp(coverFile).stats();
    expect(dominant.g).toBeGreaterThan(dominant.r);
  });

  it('gives up a cover left open once the video is complete: it can no longer be filled or completed, its bytes go', {
    timeout: 120_000,
  }, async () => {
    const path = join(work, 'short.mov');
    await makeVideo(path, { seconds: 2 });
    const draft = await createDraft(t, 'alice', { mediaType: 'video', caption: 'A cover left open' });
    const cover = await solidImage(64, 64, '#a70').png().toBuffer();
    const open: Initiated = (
      await initiate(t, 'alice', draft.id, 'video-cover-image-upload', {
        fileSize: cover.length,
        contentType: 'image/png',
      })
    ).json();
    const partUrl = open.parts[0]?.url ?? '';
    expect((await sendPart(t, 'alice', partUrl, cover)).statusCode).toBe(200);
    const uploadsDir = join(t.ctx.config.DATA_DIR, 'uploads');
    expect(await readdir(uploadsDir)).toContain(open.uploadId);

    const { completed } = await uploadVideoFile(draft.id, path);
    expect(completed.statusCode, completed.body).toBe(202);
    expect(await readdir(uploadsDir)).not.toContain(open.uploadId);
    const refill = await sendPart(t, 'alice', partUrl, cover);
    expect(refill.statusCode).toBe(409);
    expect(refill.json()).toMatchObject({ code: 'UPLOAD_NOT_OPEN' });
    const late = await complete(t, 'alice', draft.id, 'video-cover-image-upload', open.uploadId);
    expect(late.statusCode).toBe(409);
    expect(await readdir(uploadsDir)).not.toContain(open.uploadId);
    // The video is published all the same, with a frame for its cover.
    expect(await settledStatus(t, 'alice', draft.id, 90_000)).toMatchObject({ status: 'ready' });
  });
});
