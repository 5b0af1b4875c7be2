import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PostView } from '@civitas/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restrictFriendsMediaCommand } from '../../src/cli/commands/restrict-friends-media.js';
import { startMediaWorker } from '../../src/domains/media/media-worker.js';
import type { Worker } from '../../src/media/jobs/worker.js';
import { CHECKED_FILE_CACHE_CONTROL } from '../../src/media/serve-media.js';
import { type Bucket, CHECKED_MEDIA_PREFIX, MEDIA_PREFIX, openBucket } from '../../src/media/storage/s3-bucket.js';
import { listObjects } from '../../src/media/storage/s3-objects.js';
import { s3Settings } from '../../src/media/storage/s3-settings.js';
import { befriend } from '../support/feeds.js';
import { type Citizen, createTestApp, guest, type TestApp } from '../support/harness.js';
import { jpegWithGps, solidImage } from '../support/media-files.js';
import { type S3TestServer, startS3Server } from '../support/s3-server.js';
import { complete, createDraft, type Initiated, initiate, settledStatus } from '../support/upload-client.js';
import { makeVideo } from '../support/video-clip.js';

/**
 * On object storage (ADR 021), a friends-only post's files are written outside the bucket's public prefix and read
 * through this server's media route, which asks who may see the post first (ADR 075); a public post's stay in the
 * public prefix at the bucket's address. Against a real S3-protocol server (s3rver), through the real app and worker.
 */

let s3: S3TestServer;
let bucket: Bucket;
let t: TestApp;
let worker: Worker;
let author: Citizen;
let friend: Citizen;
let stranger: Citizen;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ env: s3.env });
  const settings = s3Settings(t.ctx.config);
  if (!settings) throw new Error('the app must run on the bucket');
  bucket = openBucket(settings);
  worker = startMediaWorker(t.ctx, () => {});
  author = await t.newCitizen();
  friend = await t.newCitizen();
  stranger = await t.newCitizen();
  await befriend(t, author.id, friend.id);
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  bucket.client.destroy();
  await s3.close();
});

const keysBelow = async (prefix: string) => (await listObjects(bucket, prefix)).map((object) => object.key).sort();

async function postAs(who: Citizen, postId: string): Promise<PostView> {
  const res = await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${postId}`, as: who });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** What the composer does on object storage: each part PUT straight to the bucket, then complete. */
async function uploadToBucket(postId: string, kind: 'image-upload' | 'video-upload', bytes: Buffer, type: string) {
  const upload: Initiated = (
    await initiate(t, author, postId, kind, { fileSize: bytes.length, contentType: type })
  ).json();
  for (const part of upload.parts) {
    const offset = (part.partNumber - 1) * upload.partSize;
    const sent = await fetch(part.url, {
      method: 'PUT',
      body: bytes.subarray(offset, offset + part.size),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(sent.status).toBe(200);
  }
  const completed = await complete(t, author, postId, kind, upload.uploadId);
  expect(completed.statusCode, completed.body).toBe(202);
}

async function publishPicture(sharingOptions: 'public' | 'private'): Promise<PostView> {
  const draft = await createDraft(t, author, { sharingOptions });
  await uploadToBucket(draft.id, 'image-upload', await jpegWithGps(640, 480), 'image/jpeg');
  expect((await settledStatus(t, author, draft.id)).status).toBe('ready');
  return postAs(author, draft.id);
}

const get = (url: string, as?: Citizen | typeof guest, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers, ...(as ? { as } : {}) });

describe('a friends-only post on object storage', () => {
  it("is written outside the public prefix and read through this server's check", async () => {
    const post = await publishPicture('private');
    const uri = post.media.imageUri as string;
    expect(uri).toMatch(new RegExp(`^/media/posts/${post.id}/[0-9a-f]{12}/image-\\d+\\.jpeg$`));
    for (const rendition of post.media.renditions) expect(rendition.uri).toMatch(/^\/media\/posts\//);
    const stored = await keysBelow(`${CHECKED_MEDIA_PREFIX}posts/${post.id}/`);
    expect(stored).toContain(`${CHECKED_MEDIA_PREFIX}${uri.slice('/media/'.length)}`);
    expect(stored).toHaveLength(post.media.renditions.length + 1);
    expect(await keysBelow(`${MEDIA_PREFIX}posts/${post.id}/`)).toEqual([]);
    // Not at the bucket's public address either (s3rver has no bucket policy: a real bucket refuses it too).
    expect((await fetch(`${s3Settings(t.ctx.config)?.publicUrl}/media/${uri.slice('/media/'.length)}`)).status).toBe(
      404,
    );

    const bytes = (await get(uri, author)).rawPayload;
    for (const who of [author, friend]) {
      const res = await get(uri, who);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(CHECKED_FILE_CACHE_CONTROL);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(Number(res.headers['content-length'])).toBe(bytes.length);
    }
    expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
    for (const who of [stranger, guest, undefined]) {
      const res = await get(uri, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(`No route GET ${uri}`);
    }

    // A range and a revalidation go to the bucket as the browser asked them.
    const ranged = await get(uri, friend, { range: 'bytes=2-11' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(bytes.subarray(2, 12))).toBe(true);
    expect(ranged.headers['content-range']).toBe(`bytes 2-11/${bytes.length}`);
    const etag = (await get(uri, friend)).headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get(uri, friend, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(uri, stranger, { 'if-none-match': etag })).statusCode).toBe(404);
    expect((await get(uri, friend, { range: 'bytes=abc', 'if-modified-since': 'yesterday' })).statusCode).toBe(200);
    const beyond = await get(uri, friend, { range: `bytes=${bytes.length + 10}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.body).toBe('');
    expect((await t.request({ method: 'HEAD', url: uri, as: friend })).statusCode).toBe(200);
    // A file of the post that is not in the bucket is the same 404.
    expect((await get(uri.replace(/image-(\d+)/, 'image-1$1'), friend)).statusCode).toBe(404);

    // Unfriended: gone.
    const unfriended = await t.request({
      method: 'POST',
      url: `/api/users/influencers/me/unfriend/${author.id}`,
      as: friend,
    });
    expect(unfriended.statusCode, unfriended.body).toBeLessThan(300);
    expect((await get(uri, friend)).statusCode).toBe(404);
    await befriend(t, author.id, friend.id);

    // Deleted: its objects go from both prefixes.
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/users/creators-content/${post.id}`,
      as: author,
      headers: { 'x-api-version': '3.0' },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await keysBelow(`${CHECKED_MEDIA_PREFIX}posts/${post.id}/`)).toEqual([]);
    expect((await get(uri, author)).statusCode).toBe(404);
  });

  it('plays its video through the check: MP4, cover, and every HLS playlist and segment', {
    timeout: 120_000,
  }, async () => {
    const work = await mkdtemp(join(tmpdir(), 'civitas-s3-private-video-'));
    try {
      const path = join(work, 'clip.mp4');
      await makeVideo(path, { seconds: 2 });
      const video = await readFile(path);
      const draft = await createDraft(t, author, { mediaType: 'video', sharingOptions: 'private' });
      await uploadToBucket(draft.id, 'video-upload', video, 'video/mp4');
      expect(await settledStatus(t, author, draft.id, 90_000)).toMatchObject({ status: 'ready' });
      const { media } = await postAs(friend, draft.id);
      expect(await keysBelow(`${MEDIA_PREFIX}posts/${draft.id}/`)).toEqual([]);

      const origin = 'http://civitas.test';
      const mp4 = await get(media.videoUri as string, friend, { range: 'bytes=0-99' });
      expect(mp4.statusCode).toBe(206);
      expect(mp4.headers['content-type']).toBe('video/mp4');
      expect((await get(media.coverImageUri as string, friend)).statusCode).toBe(200);
      // What hls.js does: each playlist's entries resolved against the playlist's own address, same origin.
      const entries = async (uri: string) => {
        const res = await get(new URL(uri, origin).pathname, friend);
        expect(res.statusCode, uri).toBe(200);
        expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
        expect(res.headers['cache-control']).toBe(CHECKED_FILE_CACHE_CONTROL);
        return res.body
          .split('\n')
          .filter((line) => line && !line.startsWith('#'))
          .map((line) => new URL(line, new URL(uri, origin)).pathname);
      };
      const variants = await entries(media.hlsUri as string);
      expect(variants.length).toBeGreaterThan(0);
      for (const variant of variants) {
        const segments = await entries(variant);
        expect(segments.length).toBeGreaterThan(0);
        for (const segment of segments) {
          const res = await get(segment, friend);
          expect(res.statusCode, segment).toBe(200);
          expect(res.headers['content-type']).toBe('video/mp2t');
          expect((await get(segment, stranger)).statusCode, segment).toBe(404);
        }
      }
      expect((await get(media.hlsUri as string, stranger)).statusCode).toBe(404);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});

describe('civitas restrict-friends-media', () => {
  it('moves friends-only files stored before ADR 075 out of the public prefix and points their posts here', async () => {
    const publicUrl = s3Settings(t.ctx.config)?.publicUrl as string;
    // As an earlier version stored a friends-only post: in the public prefix, at the bucket's addresses.
    const picture = await solidImage(32, 32).jpeg().toBuffer();
    const postId = await t.newPost({ authorId: author.id, sharing: 'private' });
    const oldFolder = `posts/${postId}/0123456789ab`;
    const oldJpeg = await t.ctx.media.files.put(`${oldFolder}/image-32.jpeg`, picture);
    const oldWebp = await t.ctx.media.files.put(`${oldFolder}/image-32.webp`, picture);
    await t.ctx.db
      .updateTable('posts')
      .set({ image_uri: oldJpeg, renditions: JSON.stringify([{ width: 32, height: 32, uri: oldWebp }]) })
      .where('id', '=', postId)
      .execute();
    t.ctx.caches.posts.forget(postId);
    const legacy = await t.newPost({
      authorId: author.id,
      sharing: 'private',
      imageUri: `${publicUrl}/media/demo/old.jpg`,
    });
    expect(oldJpeg.startsWith(`${publicUrl}/media/posts/${postId}/`)).toBe(true);
    // The gap ADR 050 named: the bucket hands it to anyone holding the address.
    expect((await fetch(oldJpeg)).status).toBe(200);

    const first = await restrictFriendsMediaCommand(t.ctx);
    expect(first).toMatch(
      /Files moved out of the public prefix: 2\. Posts whose media addresses now go through the check: 1\./,
    );
    expect(first).toContain(`1 post keeps an address outside its own folder`);
    expect(first).toContain(legacy);
    expect(await keysBelow(`${MEDIA_PREFIX}posts/${postId}/`)).toEqual([]);
    expect(await keysBelow(`${CHECKED_MEDIA_PREFIX}posts/${postId}/`)).toHaveLength(2);
    expect((await fetch(oldJpeg)).status).toBe(404);

    const { media } = await postAs(friend, postId);
    expect(media.imageUri).toBe(`/media/${oldFolder}/image-32.jpeg`);
    expect(media.renditions.map((rendition) => rendition.uri)).toEqual([`/media/${oldFolder}/image-32.webp`]);
    const read = await get(media.imageUri as string, friend);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(picture)).toBe(true);
    expect(read.headers['cache-control']).toBe(CHECKED_FILE_CACHE_CONTROL);
    expect((await get(media.imageUri as string, stranger)).statusCode).toBe(404);

    // Again: nothing left to move, nothing to rewrite.
    expect(await restrictFriendsMediaCommand(t.ctx)).toMatch(
      /Files moved out of the public prefix: 0\. Posts whose media addresses now go through the check: 0\./,
    );
  });
});

describe('a public post on object storage', () => {
  it("stays in the public prefix at the bucket's address, as before", async () => {
    const post = await publishPicture('public');
    const uri = post.media.imageUri as string;
    const publicUrl = s3Settings(t.ctx.config)?.publicUrl as string;
    expect(uri.startsWith(`${publicUrl}/media/posts/${post.id}/`)).toBe(true);
    expect(await keysBelow(`${CHECKED_MEDIA_PREFIX}posts/${post.id}/`)).toEqual([]);
    const res = await fetch(uri);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
