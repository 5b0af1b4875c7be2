import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PostView } from '@civitas/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaWorker } from '../../src/domains/media/media-worker.js';
import { sweepExpiredUploads } from '../../src/domains/media/sweep-uploads.js';
import type { Worker } from '../../src/media/jobs/worker.js';
import { type Bucket, MEDIA_PREFIX, openBucket, UPLOADS_PREFIX } from '../../src/media/storage/s3-bucket.js';
import { listObjects } from '../../src/media/storage/s3-objects.js';
import { s3Settings } from '../../src/media/storage/s3-settings.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { jpegWithGps, noisyPng } from '../support/media-files.js';
import { type S3TestServer, startS3Server } from '../support/s3-server.js';
import {
  abort,
  complete,
  createDraft,
  type Initiated,
  initiate,
  listParts,
  settledStatus,
} from '../support/upload-client.js';
import { makeVideo } from '../support/video-clip.js';

let s3: S3TestServer;
let bucket: Bucket;
let t: TestApp;
let worker: Worker;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ env: s3.env });
  const settings = s3Settings(t.ctx.config);
  if (!settings) throw new Error('the app must run on the bucket');
  bucket = openBucket(settings); // the test's own look into the bucket
  worker = startMediaWorker(t.ctx, () => {});
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  bucket.client.destroy();
  await s3.close();
});

/** A part as the browser sends it: straight to the bucket at the URL initiate answered, without our token. */
const putToBucket = (url: string, bytes: Uint8Array) =>
  fetch(url, {
    method: 'PUT',
    body: bytes,
    headers: { 'content-type': 'application/octet-stream', origin: 'http://localhost:3000' },
  });

const sliceOf = (bytes: Buffer, upload: Initiated, partNumber: number) =>
  bytes.subarray((partNumber - 1) * upload.partSize, partNumber * upload.partSize);

const uploadKeys = async (uploadId: string) =>
  (await listObjects(bucket, `${UPLOADS_PREFIX}${uploadId}/`)).map((object) => object.key);

const postAs = async (who: string, postId: string): Promise<PostView> => {
  const res = await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${postId}`, as: who });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('publishing through object storage', () => {
  it('sends the parts straight to the bucket, processes the picture and serves it from the bucket', async () => {
    const photo = await jpegWithGps();
    const draft = await createDraft(t, 'alice', { caption: 'From the bucket', altText: 'An orange field' });
    const started = await initiate(t, 'alice', draft.id, 'image-upload', {
      fileSize: photo.length,
      contentType: 'image/jpeg',
    });
    expect(started.statusCode, started.body).toBe(201);
    const upload: Initiated = started.json();
    const [part] = upload.parts;
    expect(part?.url.startsWith(`${s3.endpoint}/${s3.bucket}/${UPLOADS_PREFIX}${upload.uploadId}/1?`)).toBe(true);

    const sent = await putToBucket(part?.url ?? '', photo);
    expect(sent.status, await sent.text()).toBe(200);
    expect(sent.headers.get('access-control-expose-headers')).toContain('ETag');
    const listed = await listParts(t, 'alice', draft.id, upload.uploadId);
    expect(listed.json()).toMatchObject({ status: 'initiated', parts: [{ partNumber: 1, size: photo.length }] });

    const completed = await complete(t, 'alice', draft.id, 'image-upload', upload.uploadId);
    expect(completed.statusCode, completed.body).toBe(202);
    expect(await settledStatus(t, 'alice', draft.id)).toMatchObject({ status: 'ready', failureCode: null });

    const post = await postAs('bob', draft.id);
    const mediaBase = `${s3.endpoint}/${s3.bucket}/${MEDIA_PREFIX}posts/${draft.id}/`;
    expect(post.media.imageUri?.startsWith(mediaBase)).toBe(true);
    expect(post.media.renditions.map((rendition) => rendition.width)).toEqual([320, 640, 1080, 1200]);
    for (const uri of [post.media.imageUri ?? '', ...post.media.renditions.map((rendition) => rendition.uri)]) {
      expect(uri.startsWith(mediaBase), uri).toBe(true);
      const res = await fetch(uri);
      expect(res.status, uri).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/(jpeg|webp)$/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.exif, meta.xmp], uri).toEqual([undefined, undefined]); // processed, never the original
    }
    // The raw upload is gone from the bucket and from this machine once processed.
    expect(await uploadKeys(upload.uploadId)).toEqual([]);
    // The post reads as ready once it is published; the bytes are discarded just after, in the same job.
    await expect
      .poll(() => readdir(join(t.ctx.config.DATA_DIR, 'work', 'uploads')).catch(() => []), { timeout: 10_000 })
      .toEqual([]);

    // Deleting the post deletes its media in the bucket.
    const deleted = await t.request({ method: 'DELETE', url: `/api/users/creators-content/${draft.id}`, as: 'alice' });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await listObjects(bucket, `${MEDIA_PREFIX}posts/${draft.id}/`)).toEqual([]);
  });

  it('checks the parts in the bucket at complete: missing and wrong-size parts are named, nothing is lost', async () => {
    const png = await noisyPng(1800, 1800); // about 9.7 MB: two parts
    const draft = await createDraft(t, 'carol');
    const upload: Initiated = (
      await initiate(t, 'carol', draft.id, 'image-upload', { fileSize: png.length, contentType: 'image/png' })
    ).json();
    expect(upload.partsCount).toBe(2);
    expect((await putToBucket(upload.parts[1]?.url ?? '', sliceOf(png, upload, 2))).status).toBe(200);

    const missing = await complete(t, 'carol', draft.id, 'image-upload', upload.uploadId);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'UPLOAD_INCOMPLETE' });
    expect(missing.json().message).toContain('part 1 missing');

    // A part of the wrong size counts as missing (s3rver does not check the signed length; S3 refuses it).
    expect((await putToBucket(upload.parts[0]?.url ?? '', sliceOf(png, upload, 1).subarray(1))).status).toBe(200);
    const short = await complete(t, 'carol', draft.id, 'image-upload', upload.uploadId);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('part 1 missing');

    expect((await putToBucket(upload.parts[0]?.url ?? '', sliceOf(png, upload, 1))).status).toBe(200);
    expect((await complete(t, 'carol', draft.id, 'image-upload', upload.uploadId)).statusCode).toBe(202);
    expect(await settledStatus(t, 'carol', draft.id)).toMatchObject({ status: 'ready' });
    expect((await postAs('carol', draft.id)).media).toMatchObject({ width: 1800, height: 1800 });
  });

  it('refuses a file that is not a picture at complete and deletes its bytes from the bucket', async () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const draft = await createDraft(t, 'dave');
    const upload: Initiated = (await initiate(t, 'dave', draft.id, 'image-upload', { fileSize: html.length })).json();
    expect((await putToBucket(upload.parts[0]?.url ?? '', html)).status).toBe(200);
    const refused = await complete(t, 'dave', draft.id, 'image-upload', upload.uploadId);
    expect(refused.statusCode).toBe(415);
    expect(await uploadKeys(upload.uploadId)).toEqual([]);
  });

  it('aborts: the parts leave the bucket, abort again is fine, complete after abort is refused', async () => {
    const photo = await jpegWithGps(640, 480);
    const draft = await createDraft(t, 'erin');
    const upload: Initiated = (await initiate(t, 'erin', draft.id, 'image-upload', { fileSize: photo.length })).json();
    expect((await putToBucket(upload.parts[0]?.url ?? '', photo)).status).toBe(200);
    expect(await uploadKeys(upload.uploadId)).toHaveLength(1);
    expect((await abort(t, 'erin', draft.id, 'image-upload', upload.uploadId)).statusCode).toBe(204);
    expect(await uploadKeys(upload.uploadId)).toEqual([]);
    expect((await abort(t, 'erin', draft.id, 'image-upload', upload.uploadId)).statusCode).toBe(204);
    expect((await complete(t, 'erin', draft.id, 'image-upload', upload.uploadId)).statusCode).toBe(409);
  });

  it('counts an aborted upload’s bytes towards the daily quota: its part addresses still take bytes', async () => {
    const limited = await createTestApp({ seed: false, env: { ...s3.env, UPLOAD_DAILY_BYTES: '1000' } });
    try {
      const someone = await limited.newCitizen();
      const first = await createDraft(limited, someone);
      const upload: Initiated = (await initiate(limited, someone, first.id, 'image-upload', { fileSize: 600 })).json();
      expect((await abort(limited, someone, first.id, 'image-upload', upload.uploadId)).statusCode).toBe(204);
      // Why: the bucket takes the part at its presigned address after the abort all the same.
      expect((await putToBucket(upload.parts[0]?.url ?? '', new Uint8Array(600))).status).toBe(200);
      const second = await createDraft(limited, someone);
      const over = await initiate(limited, someone, second.id, 'image-upload', { fileSize: 600 });
      expect(over.statusCode, over.body).toBe(429);
      expect(over.json()).toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED' });
    } finally {
      await limited.close();
    }
  });

  it('publishes a video whose MP4, cover and HLS stream play from the bucket', { timeout: 120_000 }, async () => {
    const work = await mkdtemp(join(tmpdir(), 'civitas-s3-video-'));
    try {
      const path = join(work, 'clip.mp4');
      await makeVideo(path, { seconds: 2 });
      const video = await readFile(path);
      const draft = await createDraft(t, 'alice', { mediaType: 'video' });
      const upload: Initiated = (
        await initiate(t, 'alice', draft.id, 'video-upload', { fileSize: video.length, contentType: 'video/mp4' })
      ).json();
      for (const part of upload.parts) {
        expect((await putToBucket(part.url, sliceOf(video, upload, part.partNumber))).status).toBe(200);
      }
      expect((await complete(t, 'alice', draft.id, 'video-upload', upload.uploadId)).statusCode).toBe(202);
      expect(await settledStatus(t, 'alice', draft.id, 90_000)).toMatchObject({ status: 'ready' });
      const { media } = await postAs('bob', draft.id);

      const mp4 = await fetch(media.videoUri ?? '');
      expect(mp4.headers.get('content-type')).toBe('video/mp4');
      expect((await mp4.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      expect((await fetch(media.coverImageUri ?? '')).headers.get('content-type')).toBe('image/jpeg');

      // What a player does: each playlist's entries are resolved against the playlist's own address.
      const entries = async (uri: string) => {
        const res = await fetch(uri);
        expect(res.headers.get('content-type'), uri).toBe('application/vnd.apple.mpegurl');
        return (await res.text())
          .split('\n')
          .filter((line) => line && !line.startsWith('#'))
          .map((line) => new URL(line, uri).href);
      };
      const variants = await entries(media.hlsUri ?? '');
      expect(variants.length).toBeGreaterThan(0);
      for (const variant of variants) {
        const [segment] = await entries(variant);
        const res = await fetch(segment ?? '');
        expect(res.status, segment).toBe(200);
        expect(res.headers.get('content-type')).toBe('video/mp2t');
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('sweeps expired uploads and bytes the database no longer knows, keeping open uploads', async () => {
    const photo = await jpegWithGps(320, 240);
    const draft = await createDraft(t, 'frank');
    const open: Initiated = (await initiate(t, 'frank', draft.id, 'image-upload', { fileSize: photo.length })).json();
    expect((await putToBucket(open.parts[0]?.url ?? '', photo)).status).toBe(200);
    // Bytes of an upload with no row (a crash between the bucket and the database).
    const stray = randomUUID();
    const strayUrl = await t.ctx.media.uploads.partTarget(
      { postId: draft.id, uploadId: stray, expiresAt: Date.now() + 60_000 },
      1,
      photo.length,
    );
    expect((await putToBucket(strayUrl.url, photo)).status).toBe(200);

    // Within UPLOAD_EXPIRY_MS nothing goes.
    expect(await sweepExpiredUploads(t.ctx)).toBe(0);
    expect(await uploadKeys(stray)).toHaveLength(1);

    const realNow = t.ctx.now;
    t.ctx.now = () => realNow() + t.ctx.config.UPLOAD_EXPIRY_MS + 60_000;
    try {
      expect(await sweepExpiredUploads(t.ctx)).toBe(1); // the open upload expired
    } finally {
      t.ctx.now = realNow;
    }
    expect(await uploadKeys(stray)).toEqual([]);
    expect(await uploadKeys(open.uploadId)).toEqual([]);
  });

  it('keeps the bytes of a completed upload while its post waits for processing, however old', async () => {
    await worker.stop(); // the job stays queued
    try {
      const photo = await jpegWithGps(320, 240);
      const draft = await createDraft(t, 'grace');
      const upload: Initiated = (
        await initiate(t, 'grace', draft.id, 'image-upload', { fileSize: photo.length })
      ).json();
      expect((await putToBucket(upload.parts[0]?.url ?? '', photo)).status).toBe(200);
      expect((await complete(t, 'grace', draft.id, 'image-upload', upload.uploadId)).statusCode).toBe(202);
      const realNow = t.ctx.now;
      t.ctx.now = () => realNow() + 2 * t.ctx.config.UPLOAD_EXPIRY_MS;
      try {
        expect(await sweepExpiredUploads(t.ctx)).toBe(0);
      } finally {
        t.ctx.now = realNow;
      }
      expect(await uploadKeys(upload.uploadId)).toHaveLength(1);
    } finally {
      worker = startMediaWorker(t.ctx, () => {});
    }
  });
});

describe('a profile picture on object storage', () => {
  it('is stored in the bucket and served from it; the one it replaces, and a removed one, leave the bucket', async () => {
    const { id } = t.world.citizens.bob;
    const send = async (width: number) => {
      const res = await t.request({
        method: 'PUT',
        url: '/api/users/influencers/me/profile-picture',
        as: 'bob',
        headers: { 'content-type': 'application/octet-stream' },
        payload: await jpegWithGps(width, 400),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().profilePictureUri as string;
    };
    const keys = async () => (await listObjects(bucket, `${MEDIA_PREFIX}avatars/${id}/`)).map((object) => object.key);
    const first = await send(600);
    expect(first.startsWith(`${s3.endpoint}/${s3.bucket}/${MEDIA_PREFIX}avatars/${id}/`)).toBe(true);
    const served = await fetch(first);
    expect(served.status).toBe(200);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 288, height: 288 });
    expect(await keys()).toHaveLength(1);

    const second = await send(500);
    expect(await keys()).toEqual([second.slice(`${s3.endpoint}/${s3.bucket}/`.length)]);
    const removed = await t.request({ method: 'DELETE', url: '/api/users/influencers/me/profile-picture', as: 'bob' });
    expect(removed.json().profilePictureUri).toBeNull();
    expect(await keys()).toEqual([]);
  });
});
