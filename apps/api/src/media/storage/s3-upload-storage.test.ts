import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../../../test/support/s3-server.js';
import { type Bucket, openBucket, UPLOADS_PREFIX } from './s3-bucket.js';
import { listObjects } from './s3-objects.js';
import { s3Settings } from './s3-settings.js';
import { s3UploadStorage } from './s3-upload-storage.js';
import { PartSizeMismatch, type UploadStorage } from './upload-storage.js';

const DAY = 24 * 60 * 60_000;
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

let s3: S3TestServer;
let bucket: Bucket;
let dataDir: string;
let uploads: UploadStorage;
beforeAll(async () => {
  s3 = await startS3Server();
  const settings = s3Settings({ S3_REGION: 'us-east-1', ...s3.env } as never);
  if (!settings) throw new Error('the test server must configure S3');
  bucket = openBucket(settings);
  dataDir = await mkdtemp(join(tmpdir(), 'civitas-s3-driver-'));
  uploads = s3UploadStorage(bucket, { dataDir, copiesExpireAfterMs: DAY });
});
afterAll(async () => {
  bucket.client.destroy();
  await s3.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A PUT straight to the bucket, as the browser sends a part. */
const putPart = (url: string, bytes: Uint8Array, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'PUT', body: bytes, headers: { 'content-type': 'application/octet-stream', ...headers } });

const openUpload = (expiresInMs = DAY) => ({
  postId: randomUUID(),
  uploadId: randomUUID(),
  expiresAt: Date.now() + expiresInMs,
});

describe('the S3 upload storage', () => {
  it('answers presigned part URLs on the bucket that sign the part length and expire with the upload', async () => {
    const upload = openUpload(2 * 60 * 60_000);
    const target = await uploads.partTarget(upload, 3, 1234);
    expect(target).toMatchObject({ partNumber: 3, method: 'PUT', size: 1234 });
    const url = new URL(target.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${s3.endpoint}/${s3.bucket}/${UPLOADS_PREFIX}${upload.uploadId}/3`);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-length');
    // No checksum of bytes the browser has not sent yet.
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeGreaterThan(2 * 60 * 60 - 10);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(2 * 60 * 60);
    // A week is the longest a SigV4 URL may live; an upload about to expire still gets a minute.
    const far = await uploads.partTarget({ ...upload, expiresAt: Date.now() + 30 * DAY }, 1, 10);
    expect(new URL(far.url).searchParams.get('X-Amz-Expires')).toBe(String(7 * 24 * 60 * 60));
    const near = await uploads.partTarget({ ...upload, expiresAt: Date.now() - 1000 }, 1, 10);
    expect(new URL(near.url).searchParams.get('X-Amz-Expires')).toBe('60');
  });

  it('takes parts PUT straight to the bucket in any order, lists them with sizes, assembles them in order', async () => {
    const upload = openUpload();
    const parts = [randomBytes(5000), randomBytes(5000), randomBytes(1234)];
    const targets = await Promise.all(parts.map((bytes, index) => uploads.partTarget(upload, index + 1, bytes.length)));
    for (const index of [2, 0, 1]) {
      const sent = await putPart(targets[index]?.url ?? '', parts[index] ?? Buffer.alloc(0));
      expect(sent.status, await sent.text()).toBe(200);
      expect(sent.headers.get('etag')?.replaceAll('"', '')).toBe(md5(parts[index] ?? Buffer.alloc(0)));
    }
    // Sending a part again replaces it.
    const again = randomBytes(5000);
    expect((await putPart(targets[1]?.url ?? '', again)).status).toBe(200);
    parts[1] = again;

    expect(await uploads.listParts(upload.uploadId)).toEqual(
      parts.map((bytes, index) => ({ partNumber: index + 1, size: bytes.length, etag: md5(bytes) })),
    );
    const path = await uploads.assemble(upload.uploadId, 3);
    expect(await readFile(path)).toEqual(Buffer.concat(parts));
    expect(await uploads.assembledFile(upload.uploadId, 3)).toBe(path);

    // Another machine (another DATA_DIR) fetches its own copy from the bucket.
    const otherDir = await mkdtemp(join(tmpdir(), 'civitas-s3-other-'));
    try {
      const elsewhere = s3UploadStorage(bucket, { dataDir: otherDir, copiesExpireAfterMs: DAY });
      const copy = await elsewhere.assembledFile(upload.uploadId, 3);
      expect(copy.startsWith(otherDir)).toBe(true);
      expect(await readFile(copy)).toEqual(Buffer.concat(parts));
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }

    await uploads.discard(upload.uploadId);
    expect(await uploads.listParts(upload.uploadId)).toEqual([]);
    await expect(stat(path)).rejects.toThrow();
    await uploads.discard(upload.uploadId); // idempotent
  });

  it('refuses to assemble when a part is missing, leaving no partial file', async () => {
    const upload = openUpload();
    const target = await uploads.partTarget(upload, 1, 100);
    await putPart(target.url, randomBytes(100));
    await expect(uploads.assemble(upload.uploadId, 2)).rejects.toThrow();
    await expect(stat(join(dataDir, 'work', 'uploads', upload.uploadId, 'source'))).rejects.toThrow();
    await uploads.discard(upload.uploadId);
  });

  it('answers the CORS preflight of a part PUT from the site and lets the page read the ETag', async () => {
    const upload = openUpload();
    const target = await uploads.partTarget(upload, 1, 10);
    const preflight = await fetch(target.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://civitas.example',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const sent = await putPart(target.url, randomBytes(10), { origin: 'https://civitas.example' });
    expect(sent.status).toBe(200);
    expect(sent.headers.get('access-control-expose-headers')).toContain('ETag');
    await uploads.discard(upload.uploadId);
  });

  it('also takes parts through our own endpoint, with the embedded driver size checks', async () => {
    const upload = openUpload();
    const bytes = randomBytes(3000);
    expect(await uploads.writePart(upload.uploadId, 1, Readable.from([bytes]), 3000)).toEqual({
      partNumber: 1,
      size: 3000,
      etag: md5(bytes),
    });
    await expect(uploads.writePart(upload.uploadId, 2, Readable.from([randomBytes(3001)]), 3000)).rejects.toThrow(
      PartSizeMismatch,
    );
    await expect(uploads.writePart(upload.uploadId, 2, Readable.from([randomBytes(10)]), 3000)).rejects.toMatchObject({
      expected: 3000,
      received: 10,
    });
    expect((await uploads.listParts(upload.uploadId)).map((part) => part.partNumber)).toEqual([1]);
    await uploads.discard(upload.uploadId);
    expect(await listObjects(bucket, `${UPLOADS_PREFIX}${upload.uploadId}/`)).toEqual([]);
  });

  it('tells which uploads still have bytes from before a time, for the sweeper', async () => {
    const upload = openUpload();
    const target = await uploads.partTarget(upload, 1, 10);
    await putPart(target.url, randomBytes(10));
    expect(await uploads.storedUploadsBefore?.(Date.now() - 60_000)).not.toContain(upload.uploadId);
    expect(await uploads.storedUploadsBefore?.(Date.now() + 60_000)).toContain(upload.uploadId);
    await uploads.discard(upload.uploadId);
    expect(await uploads.storedUploadsBefore?.(Date.now() + 60_000)).not.toContain(upload.uploadId);
  });

  it('guards keys against anything but an upload id', async () => {
    await expect(uploads.listParts('../media/x')).rejects.toThrow('not an upload id');
    await expect(uploads.discard('')).rejects.toThrow('not an upload id');
  });
});
