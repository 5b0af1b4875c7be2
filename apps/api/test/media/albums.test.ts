import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PostView } from '@civitas/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFileOf } from '../../src/media/media-store.js';
import { provideAppWithMediaWorker } from '../support/app-with-worker.js';
import type { TestApp } from '../support/harness.js';
import { solidImage } from '../support/media-files.js';
import { createDraft, initiate, settledStatus, statusOf, uploadWhole } from '../support/upload-client.js';
import { ffprobeJson, makeVideo } from '../support/video-clip.js';

/**
 * Albums through the real upload protocol and media worker (ADR 086): up to ten items, pictures and videos mixed,
 * each uploaded at its position in any order, processed in order by one job once the last arrives, and served in
 * order with their own alternative text; a failing item fails the post, saying which one; positions and kinds
 * that do not fit are refused.
 */
let t: TestApp;
let work: string;
provideAppWithMediaWorker((app) => {
  t = app;
});
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'civitas-albums-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** A picture whose width tells which item it is, so the order read back can be checked. */
const pictureOf = (position: number) =>
  solidImage(400 + position * 10, 300, '#48a')
    .jpeg()
    .toBuffer();
const fileOf = (uri: string | null) => mediaFileOf(t.ctx.config.DATA_DIR, uri ?? '') ?? '';
const readPost = async (postId: string): Promise<PostView> => {
  const res = await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${postId}`, as: 'alice' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('an album', () => {
  it('of ten items, pictures and videos mixed, uploaded in any order, is processed and served in order', {
    timeout: 180_000,
  }, async () => {
    const kinds = ['image', 'image', 'video', 'image', 'image', 'image', 'video', 'image', 'image', 'image'] as const;
    const draft = await createDraft(t, 'alice', {
      mediaType: 'image',
      altText: 'Item 1',
      moreMedia: kinds.slice(1).map((mediaType, index) => ({ mediaType, altText: `Item ${index + 2}` })),
    });
    expect(draft.moreMedia.map((item) => [item.mediaType, item.media.status, item.media.altText])).toEqual(
      kinds.slice(1).map((mediaType, index) => [mediaType, 'awaiting_upload', `Item ${index + 2}`]),
    );
    const clip = await readFile(await makeVideo(join(work, 'clip.mp4'), { seconds: 1, size: '160x120' }));
    // Last item first: the post waits until every position has its file.
    const order = [...kinds.keys()].reverse();
    for (const [sent, position] of order.entries()) {
      const video = kinds[position] === 'video';
      const bytes = video ? clip : await pictureOf(position);
      const kind = video ? 'video-upload' : 'image-upload';
      const { completed } = await uploadWhole(t, 'alice', draft.id, kind, bytes, undefined, position);
      expect(completed.statusCode, completed.body).toBe(202);
      const { status } = (await statusOf(t, 'alice', draft.id)).json();
      if (sent < order.length - 1) expect(status).toBe('awaiting_upload');
    }
    expect(await settledStatus(t, 'alice', draft.id, 150_000)).toMatchObject({ status: 'ready' });

    const post = await readPost(draft.id);
    const items = [{ mediaType: post.mediaType, media: post.media }, ...post.moreMedia];
    expect(items.map((item) => [item.mediaType, item.media.status, item.media.altText])).toEqual(
      kinds.map((mediaType, position) => [mediaType, 'ready', `Item ${position + 1}`]),
    );
    for (const [position, { mediaType, media }] of items.entries()) {
      if (mediaType === 'image') {
        const image = await sharp(fileOf(media.imageUri)).metadata();
        expect([image.format, image.width]).toEqual(['jpeg', 400 + position * 10]);
      } else {
        const probed = await ffprobeJson(fileOf(media.videoUri));
        expect(probed.streams.some((stream: { codec_type: string }) => stream.codec_type === 'video')).toBe(true);
        expect(media.hlsUri).toMatch(/\.m3u8$/);
        expect(media.coverImageUri).not.toBeNull();
      }
    }
    // Every item's files are its own, in the post's folder.
    const uris = items.flatMap(({ media }) => [media.imageUri, media.videoUri, media.coverImageUri]).filter(Boolean);
    expect(new Set(uris).size).toBe(uris.length);
    const folders = new Set(uris.map((uri) => uri?.split('/').slice(0, -1).join('/')));
    expect(folders.size).toBe(1);
  });

  it('fails as a whole when one item cannot be processed, and the message says which', async () => {
    const draft = await createDraft(t, 'alice', {
      moreMedia: [{ mediaType: 'image' }, { mediaType: 'image' }],
    });
    await uploadWhole(t, 'alice', draft.id, 'image-upload', await pictureOf(0), undefined, 0);
    const { upload } = await uploadWhole(t, 'alice', draft.id, 'image-upload', await pictureOf(1), undefined, 1);
    // The second item's bytes are damaged after they were accepted (a disk's fault, say), before the job runs.
    const stored = await t.ctx.media.uploads.assembledFile(upload.uploadId, upload.partsCount);
    await writeFile(stored, (await readFile(stored)).subarray(0, 200));
    await uploadWhole(t, 'alice', draft.id, 'image-upload', await pictureOf(2), undefined, 2);
    const settled = await settledStatus(t, 'alice', draft.id, 60_000);
    expect(settled).toMatchObject({ status: 'failed', failureCode: 'CORRUPT_MEDIA' });
    expect(settled.failureMessage).toMatch(/^Item 2 of 3: /);
    const post = await readPost(draft.id);
    expect([post.media.status, ...post.moreMedia.map((item) => item.media.status)]).toEqual([
      'failed',
      'failed',
      'failed',
    ]);
  });

  it('refuses a position the post does not have, a kind its item does not take, and more than ten items', async () => {
    const draft = await createDraft(t, 'alice', { moreMedia: [{ mediaType: 'video' }] });
    const beyond = await initiate(t, 'alice', draft.id, 'image-upload', { fileSize: 1000, position: 2 });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({ code: 'NO_SUCH_ALBUM_ITEM' });
    expect(beyond.json().message).toMatch(/position must be 0 to 1/);
    const wrongKind = await initiate(t, 'alice', draft.id, 'image-upload', { fileSize: 1000, position: 1 });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json()).toMatchObject({ code: 'WRONG_UPLOAD_KIND' });
    const cover = await initiate(t, 'alice', draft.id, 'video-cover-image-upload', { fileSize: 1000, position: 1 });
    expect(cover.statusCode, cover.body).toBe(201);
    expect(cover.json()).toMatchObject({ position: 1, kind: 'video-cover-image-upload' });
    const single = await createDraft(t, 'alice');
    const onlyFirst = await initiate(t, 'alice', single.id, 'image-upload', { fileSize: 1000, position: 1 });
    expect(onlyFirst.json()).toMatchObject({ code: 'NO_SUCH_ALBUM_ITEM' });
    expect(onlyFirst.json().message).toMatch(/one picture or video/);

    const tooMany = await t.request({
      method: 'POST',
      url: '/api/users/v7/creators-content',
      as: 'alice',
      payload: {
        mediaType: 'image',
        sharingOptions: 'public',
        moreMedia: Array.from({ length: 10 }, () => ({ mediaType: 'image' })),
      },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toMatch(/at most 10/);
  });
});
