import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PostView } from '@civitas/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mediaFileOf } from '../../src/media/media-store.js';
import { provideAppWithMediaWorker } from '../support/app-with-worker.js';
import { createTestApp, guest, type TestApp } from '../support/harness.js';
import { jpegWithGps, noisyPng } from '../support/media-files.js';
import {
  abort,
  complete,
  createDraft,
  type Initiated,
  initiate,
  listParts,
  sendPart,
  settledStatus,
  statusOf,
  uploadWhole,
} from '../support/upload-client.js';

let t: TestApp;
provideAppWithMediaWorker((app) => {
  t = app;
});

const uploadsLeft = async () => readdir(join(t.ctx.config.DATA_DIR, 'uploads')).catch(() => [] as string[]);

describe('publishing an image post', () => {
  it('goes from awaiting_upload through processing to ready, hidden from others until then', async () => {
    const photo = await jpegWithGps();
    const draft = await createDraft(t, 'alice', { caption: 'Hello #publishing', altText: 'An orange field' });
    expect(draft.media.status).toBe('awaiting_upload');
    expect((await statusOf(t, 'alice', draft.id)).json()).toMatchObject({
      status: 'awaiting_upload',
      stage: null,
      failureCode: null,
    });
    const hiddenFromBob = () =>
      t.request({ method: 'GET', url: `/api/content/v1/creators-content/${draft.id}`, as: 'bob' });
    expect((await hiddenFromBob()).statusCode).toBe(404);

    const { upload, completed } = await uploadWhole(t, 'alice', draft.id, 'image-upload', photo, 'image/jpeg');
    expect(upload.partsCount).toBe(1);
    expect(completed.statusCode, completed.body).toBe(202);
    expect(completed.json()).toMatchObject({ id: draft.id, status: 'processing' });
    expect((await hiddenFromBob()).statusCode).toBe(404);

    const settled = await settledStatus(t, 'alice', draft.id);
    expect(settled).toMatchObject({ status: 'ready', percent: 100, failureCode: null });
    const seen = await hiddenFromBob();
    expect(seen.statusCode).toBe(200);
    const post: PostView = seen.json();
    // Orientation 6 turns the 1600x1200 photo upright: 1200 wide, 1600 tall.
    expect(post.media).toMatchObject({ status: 'ready', width: 1200, height: 1600, altText: 'An orange field' });
    expect(post.media.renditions.map((rendition) => rendition.width)).toEqual([320, 640, 1080, 1200]);
    expect(post.media.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(post.media.imageUri).toMatch(/^\/media\/posts\/.+\.jpeg$/);
    expect(await uploadsLeft()).toEqual([]);

    // The upload carried GPS and camera EXIF and XMP; no rendition keeps any of it.
    const sent = await sharp(photo).metadata();
    expect(sent.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer
    expect(photo.includes('secret-xmp')).toBe(true);
    for (const uri of [...post.media.renditions.map((rendition) => rendition.uri), post.media.imageUri ?? '']) {
      const bytes = await readFile(mediaFileOf(t.ctx.config.DATA_DIR, uri) ?? '');
      const meta = await sharp(bytes).metadata();
      expect([meta.exif, meta.xmp, meta.iptc, meta.icc, meta.orientation], uri).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      for (const secret of ['SecretCam', 'Home Address', 'secret-xmp', 'Exif'])
        expect(bytes.includes(secret)).toBe(false);
    }
  });

  it('serves the renditions immutably, as images, never sniffed', async () => {
    const draft = await createDraft(t, 'alice');
    await uploadWhole(t, 'alice', draft.id, 'image-upload', await jpegWithGps(640, 480));
    await settledStatus(t, 'alice', draft.id);
    const post: PostView = (
      await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${draft.id}`, as: 'alice' })
    ).json();
    for (const uri of [...post.media.renditions.map((rendition) => rendition.uri), post.media.imageUri ?? '']) {
      const res = await t.request({ method: 'GET', url: uri });
      expect(res.statusCode, uri).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/(webp|jpeg)$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toContain('immutable');
    }
  });

  it('takes parts in any order, replaces a part sent again, lists what it has, and refuses parts that do not fit', async () => {
    const png = await noisyPng(2000, 1500); // ~9 MB: two parts
    const draft = await createDraft(t, 'bob');
    const started = await initiate(t, 'bob', draft.id, 'image-upload', {
      fileSize: png.length,
      contentType: 'image/png',
    });
    expect(started.statusCode, started.body).toBe(201);
    const upload: Initiated = started.json();
    expect(upload.partsCount).toBe(2);
    expect(upload.parts.map((part) => part.size)).toEqual([upload.partSize, png.length - upload.partSize]);
    const [first, second] = upload.parts as [Initiated['parts'][0], Initiated['parts'][0]];
    const firstBytes = png.subarray(0, upload.partSize);
    const secondBytes = png.subarray(upload.partSize);

    const tooBig = await sendPart(t, 'bob', second.url, Buffer.concat([secondBytes, Buffer.from('x')]));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'PART_TOO_LARGE' });
    const short = await sendPart(t, 'bob', first.url, firstBytes.subarray(1));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'PART_INCOMPLETE' });
    const beyond = await sendPart(t, 'bob', first.url.replace(/\/1$/, '/3'), secondBytes);
    expect(beyond.statusCode).toBe(400);

    expect((await sendPart(t, 'bob', second.url, secondBytes)).statusCode).toBe(200);
    const missing = await complete(t, 'bob', draft.id, 'image-upload', upload.uploadId);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'UPLOAD_INCOMPLETE' });
    expect(missing.json().message).toContain('part 1 missing');

    const garbage = await sendPart(t, 'bob', first.url, Buffer.alloc(upload.partSize, 7));
    const listed = await listParts(t, 'bob', draft.id, upload.uploadId);
    expect(listed.json()).toMatchObject({ status: 'initiated', partsCount: 2, fileSize: png.length });
    expect(listed.json().parts).toEqual([garbage.json(), expect.objectContaining({ partNumber: 2 })]);
    const resent = await sendPart(t, 'bob', first.url, firstBytes);
    expect(resent.json().etag).not.toBe(garbage.json().etag);
    expect((await listParts(t, 'bob', draft.id, upload.uploadId)).json().parts[0]).toEqual(resent.json());

    const done = await complete(t, 'bob', draft.id, 'image-upload', upload.uploadId);
    expect(done.statusCode, done.body).toBe(202);
    const again = await complete(t, 'bob', draft.id, 'image-upload', upload.uploadId);
    expect(again.statusCode).toBe(202);
    expect((await settledStatus(t, 'bob', draft.id)).status).toBe('ready');
    expect((await complete(t, 'bob', draft.id, 'image-upload', upload.uploadId)).json().status).toBe('ready');
    expect((await abort(t, 'bob', draft.id, 'image-upload', upload.uploadId)).statusCode).toBe(409);
    // The post has its media: no second upload.
    expect((await initiate(t, 'bob', draft.id, 'image-upload', { fileSize: 10 })).statusCode).toBe(409);
  });

  it('completes an upload sent twice at once only once', async () => {
    const photo = await jpegWithGps(800, 600);
    const draft = await createDraft(t, 'carol');
    const upload: Initiated = (await initiate(t, 'carol', draft.id, 'image-upload', { fileSize: photo.length })).json();
    await sendPart(t, 'carol', upload.parts[0]?.url ?? '', photo);
    const [a, b] = await Promise.all([
      complete(t, 'carol', draft.id, 'image-upload', upload.uploadId),
      complete(t, 'carol', draft.id, 'image-upload', upload.uploadId),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    const jobs = await t.ctx.db.selectFrom('media_jobs').select('id').where('post_id', '=', draft.id).execute();
    expect(jobs).toHaveLength(1);
  });

  it('keeps the bytes when another instance’s complete of the same upload wins the race', async () => {
    const photo = await jpegWithGps(800, 600);
    const draft = await createDraft(t, 'carol');
    const upload: Initiated = (await initiate(t, 'carol', draft.id, 'image-upload', { fileSize: photo.length })).json();
    await sendPart(t, 'carol', upload.parts[0]?.url ?? '', photo);
    // The other instance (its own in-flight map) completes the upload while this one is assembling it.
    const storage = t.ctx.media.uploads;
    const assemble = storage.assemble.bind(storage);
    storage.assemble = async (uploadId, partsCount) => {
      const path = await assemble(uploadId, partsCount);
      await t.ctx.db.updateTable('uploads').set({ status: 'completed' }).where('id', '=', uploadId).execute();
      return path;
    };
    try {
      const lost = await complete(t, 'carol', draft.id, 'image-upload', upload.uploadId);
      expect(lost.statusCode, lost.body).toBe(202);
      expect(await uploadsLeft()).toContain(upload.uploadId);
    } finally {
      storage.assemble = assemble;
    }
  });

  it('aborts: the parts are gone, abort again is fine, complete after abort is refused, a new upload may start', async () => {
    const photo = await jpegWithGps(800, 600);
    const draft = await createDraft(t, 'dave');
    const upload: Initiated = (await initiate(t, 'dave', draft.id, 'image-upload', { fileSize: photo.length })).json();
    await sendPart(t, 'dave', upload.parts[0]?.url ?? '', photo);
    expect(await uploadsLeft()).toContain(upload.uploadId);
    expect((await abort(t, 'dave', draft.id, 'image-upload', upload.uploadId)).statusCode).toBe(204);
    expect(await uploadsLeft()).not.toContain(upload.uploadId);
    expect((await abort(t, 'dave', draft.id, 'image-upload', upload.uploadId)).statusCode).toBe(204);
    const late = await complete(t, 'dave', draft.id, 'image-upload', upload.uploadId);
    expect(late.statusCode).toBe(409);
    expect((await sendPart(t, 'dave', upload.parts[0]?.url ?? '', photo)).statusCode).toBe(409);
    expect((await statusOf(t, 'dave', draft.id)).json().status).toBe('awaiting_upload');
    const { completed } = await uploadWhole(t, 'dave', draft.id, 'image-upload', photo);
    expect(completed.statusCode).toBe(202);
  });

  it('is the author’s alone: 404 for other citizens, 401 for guests', async () => {
    const photo = await jpegWithGps(400, 300);
    const draft = await createDraft(t, 'erin');
    const upload: Initiated = (await initiate(t, 'erin', draft.id, 'image-upload', { fileSize: photo.length })).json();
    const part = upload.parts[0]?.url ?? '';
    const calls = [
      () => initiate(t, 'frank', draft.id, 'image-upload', { fileSize: 10 }),
      () => sendPart(t, 'frank', part, photo),
      () => listParts(t, 'frank', draft.id, upload.uploadId),
      () => complete(t, 'frank', draft.id, 'image-upload', upload.uploadId),
      () => abort(t, 'frank', draft.id, 'image-upload', upload.uploadId),
      () => statusOf(t, 'frank', draft.id),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(404);
    // Frank's own post with Erin's uploadId: still not his upload.
    const franks = await createDraft(t, 'frank');
    expect((await complete(t, 'frank', franks.id, 'image-upload', upload.uploadId)).statusCode).toBe(404);
    const asGuest = await t.tokenFor(guest);
    expect((await initiate(t, asGuest, draft.id, 'image-upload', { fileSize: 10 })).statusCode).toBe(403);
    expect((await sendPart(t, 'erin', part, photo)).statusCode).toBe(200);
  });

  it('checks the declared file before a byte is sent', async () => {
    const draft = await createDraft(t, 'grace');
    const tooBig = await initiate(t, 'grace', draft.id, 'image-upload', { fileSize: 21 * 1024 * 1024 });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    const html = await initiate(t, 'grace', draft.id, 'image-upload', { fileSize: 100, contentType: 'text/html' });
    expect(html.statusCode).toBe(415);
    const video = await initiate(t, 'grace', draft.id, 'video-upload', { fileSize: 100 });
    expect(video.statusCode).toBe(400);
    expect(video.json()).toMatchObject({ code: 'WRONG_UPLOAD_KIND' });
    const controlName = await initiate(t, 'grace', draft.id, 'image-upload', {
      fileSize: 100,
      fileName: 'a\u0000b.jpg',
    });
    expect(controlName.statusCode).toBe(400);
    // An allowed type followed by a control character: refused as a whole, never stored (PostgreSQL refuses NUL).
    for (const contentType of ['image/jpeg;\u0000', 'image/jpeg; x=\u0007', 'image/jpeg; name=\u00e9']) {
      const typed = await initiate(t, 'grace', draft.id, 'image-upload', { fileSize: 100, contentType });
      expect(typed.statusCode, JSON.stringify(contentType)).toBe(400);
      expect(typed.json().message).toContain('contentType');
    }
    const withParameter = await initiate(t, 'grace', draft.id, 'image-upload', {
      fileSize: 100,
      contentType: 'image/jpeg; charset=binary',
    });
    expect(withParameter.statusCode).toBe(201);
    const wrongKind = await t.request({
      method: 'POST',
      url: `/api/users/v1/creators-content/${draft.id}/audio-upload/initiate`,
      as: 'grace',
      payload: { fileName: 'a', fileSize: 1 },
    });
    expect(wrongKind.statusCode).toBe(400);
  });

  it('limits uploads per citizen: 429 with Retry-After past the rate', async () => {
    const limited = await createTestApp({ seed: false, env: { UPLOADS_PER_30_MINUTES: '2' } });
    try {
      const heidi = await limited.newCitizen();
      const draft = await createDraft(limited, heidi);
      for (let i = 0; i < 2; i += 1) {
        expect((await initiate(limited, heidi, draft.id, 'image-upload', { fileSize: 100 })).statusCode).toBe(201);
      }
      const third = await initiate(limited, heidi, draft.id, 'image-upload', { fileSize: 100 });
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 'UPLOAD_RATE_LIMITED' });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(1700);
    } finally {
      await limited.close();
    }
  });

  it('leaves the open upload a refused initiate would have replaced as it was', async () => {
    const limited = await createTestApp({ seed: false, env: { UPLOADS_PER_30_MINUTES: '2' } });
    try {
      const someone = await limited.newCitizen();
      const draft = await createDraft(limited, someone);
      const open: Initiated = (await initiate(limited, someone, draft.id, 'image-upload', { fileSize: 100 })).json();
      expect((await sendPart(limited, someone, open.parts[0]?.url ?? '', Buffer.alloc(100, 7))).statusCode).toBe(200);
      const other = await createDraft(limited, someone);
      expect((await initiate(limited, someone, other.id, 'image-upload', { fileSize: 100 })).statusCode).toBe(201);
      const refused = await initiate(limited, someone, draft.id, 'image-upload', { fileSize: 100 });
      expect(refused.statusCode).toBe(429);
      const parts = await listParts(limited, someone, draft.id, open.uploadId);
      expect(parts.statusCode, parts.body).toBe(200);
      expect(parts.json().parts).toEqual([expect.objectContaining({ partNumber: 1, size: 100 })]);
    } finally {
      await limited.close();
    }
  });

  it('limits bytes per citizen per day', async () => {
    const limited = await createTestApp({ seed: false, env: { UPLOAD_DAILY_BYTES: '1000' } });
    try {
      const someone = await limited.newCitizen();
      const draft = await createDraft(limited, someone);
      expect((await initiate(limited, someone, draft.id, 'image-upload', { fileSize: 600 })).statusCode).toBe(201);
      // Picking another file for the same post replaces the open upload, whose bytes no longer count.
      expect((await initiate(limited, someone, draft.id, 'image-upload', { fileSize: 600 })).statusCode).toBe(201);
      const other = await createDraft(limited, someone);
      const over = await initiate(limited, someone, other.id, 'image-upload', { fileSize: 600 });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED' });
      expect(over.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
