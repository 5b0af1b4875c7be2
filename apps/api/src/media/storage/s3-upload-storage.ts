import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type Bucket, UPLOADS_PREFIX } from './s3-bucket.js';
import { deleteKeys, listObjects } from './s3-objects.js';
import { PartSizeMismatch, type StoredPart, type UploadStorage } from './upload-storage.js';

/** SigV4 presigned URLs live at most a week. */
const MAX_URL_SECONDS = 7 * 24 * 60 * 60;
/** A part URL handed out for an upload about to expire still gets this long. */
const MIN_URL_SECONDS = 60;
const ASSEMBLED = 'source';

/**
 * Uploads on S3-compatible object storage (ADR 021). Each part is its own object, `uploads/<uploadId>/<n>`,
 * which the browser PUTs straight to the bucket with a presigned URL; listing the prefix tells which parts
 * arrived and their sizes, and discarding deletes it. Processing needs a local file, so `assemble` fetches the
 * parts, in order, into DATA_DIR/work/uploads/<uploadId>/source, a copy of the bucket's bytes that any
 * machine can make again. (S3's own multipart calls would need ListParts and AbortMultipartUpload, which the
 * S3 server our tests run, s3rver, does not implement; see the ADR.)
 */
export function s3UploadStorage(
  bucket: Bucket,
  options: { dataDir: string; copiesExpireAfterMs: number; now?: () => number },
): UploadStorage {
  const now = options.now ?? Date.now;
  const workRoot = resolve(options.dataDir, 'work', 'uploads');
  // Upload ids are UUIDs checked by the contract; this guards keys and paths against anything else.
  const checked = (uploadId: string) => {
    if (!/^[0-9a-f-]{36}$/.test(uploadId)) throw new Error('not an upload id');
    return uploadId;
  };
  const prefixOf = (uploadId: string) => `${UPLOADS_PREFIX}${checked(uploadId)}/`;
  const partKey = (uploadId: string, partNumber: number) => `${prefixOf(uploadId)}${partNumber}`;
  const copyFolder = (uploadId: string) => join(workRoot, checked(uploadId));

  const storedParts = async (uploadId: string) => {
    const prefix = prefixOf(uploadId);
    const parts: StoredPart[] = [];
    for (const object of await listObjects(bucket, prefix)) {
      const name = object.key.slice(prefix.length);
      if (!/^[1-9]\d{0,4}$/.test(name)) continue;
      parts.push({ partNumber: Number(name), size: object.size, etag: object.etag });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  };

  /** Local copies are a cache of the bucket's bytes: one older than any open upload is no longer needed. */
  const pruneOldCopies = async () => {
    const oldest = now() - options.copiesExpireAfterMs;
    for (const name of await readdir(workRoot).catch(() => [] as string[])) {
      const folder = join(workRoot, name);
      const { mtimeMs } = await stat(folder).catch(() => ({ mtimeMs: Number.POSITIVE_INFINITY }));
      if (mtimeMs < oldest) await rm(folder, { recursive: true, force: true });
    }
  };

  const fetchCopy = async (uploadId: string, partsCount: number) => {
    await pruneOldCopies();
    const folder = copyFolder(uploadId);
    await mkdir(folder, { recursive: true });
    const target = join(folder, ASSEMBLED);
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      // One part after the other, each streamed from the bucket (never a whole part in memory).
      for (let part = 1; part <= partsCount; part += 1) {
        const answer = await bucket.client.send(
          new GetObjectCommand({ Bucket: bucket.name, Key: partKey(uploadId, part) }),
        );
        await pipeline(answer.Body as Readable, createWriteStream(temporary, { flags: part === 1 ? 'w' : 'a' }));
      }
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return target;
  };

  return {
    partsBypassTheServer: true,
    async partTarget({ uploadId, expiresAt }, partNumber, size) {
      const seconds = Math.min(MAX_URL_SECONDS, Math.max(MIN_URL_SECONDS, Math.ceil((expiresAt - now()) / 1000)));
      // The length is signed: a store that checks signatures (S3, MinIO, R2) refuses a part of another size.
      const command = new PutObjectCommand({
        Bucket: bucket.name,
        Key: partKey(uploadId, partNumber),
        ContentLength: size,
      });
      const url = await getSignedUrl(bucket.client, command, {
        expiresIn: seconds,
        signableHeaders: new Set(['content-length']),
      });
      return { partNumber, method: 'PUT', url, size };
    },

    // Parts sent through our own endpoint (a client that does not use the part URLs, the demo seed) are
    // spooled to disk to count them, then put in the bucket with their exact length.
    async writePart(uploadId, partNumber, body, expectedSize) {
      const folder = copyFolder(uploadId);
      await mkdir(folder, { recursive: true });
      const spool = join(folder, `${partNumber}.${randomBytes(6).toString('hex')}.part`);
      let received = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.length;
          if (received > expectedSize) return done(new PartSizeMismatch(expectedSize, received));
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, meter, createWriteStream(spool));
        if (received !== expectedSize) throw new PartSizeMismatch(expectedSize, received);
        const put = await bucket.client.send(
          new PutObjectCommand({
            Bucket: bucket.name,
            Key: partKey(uploadId, partNumber),
            Body: createReadStream(spool),
            ContentLength: received,
          }),
        );
        return { partNumber, size: received, etag: (put.ETag ?? '').replaceAll('"', '') };
      } catch (error) {
        body.resume(); // drain what the client still sends, so the answer reaches it
        throw error;
      } finally {
        await rm(spool, { force: true });
      }
    },

    listParts: storedParts,

    assemble: fetchCopy,

    async assembledFile(uploadId, partsCount) {
      const local = join(copyFolder(uploadId), ASSEMBLED);
      const present = await stat(local).then(
        () => true,
        () => false,
      );
      return present ? local : fetchCopy(uploadId, partsCount);
    },

    async discard(uploadId) {
      const objects = await listObjects(bucket, prefixOf(uploadId));
      await deleteKeys(
        bucket,
        objects.map((object) => object.key),
      );
      await rm(copyFolder(uploadId), { recursive: true, force: true });
    },

    async storedUploadsBefore(before) {
      const newest = new Map<string, number>();
      for (const object of await listObjects(bucket, UPLOADS_PREFIX)) {
        const uploadId = object.key.slice(UPLOADS_PREFIX.length).split('/')[0] ?? '';
        newest.set(uploadId, Math.max(newest.get(uploadId) ?? 0, object.lastModified));
      }
      return [...newest].filter(([id, time]) => time < before && /^[0-9a-f-]{36}$/.test(id)).map(([id]) => id);
    },
  };
}
