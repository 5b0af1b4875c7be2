import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { assertMediaPath } from '../media-store.js';
import { mediaContentType } from '../media-types.js';
import type { MediaStorage } from './media-storage.js';
import { type Bucket, MEDIA_PREFIX } from './s3-bucket.js';
import { deleteKeys, listObjects } from './s3-objects.js';

/** Names never change content (each processing run writes a new folder: ADR 009), so caches keep them a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Processed media in the bucket under `media/` (ADR 021), read by browsers at S3_PUBLIC_URL (the bucket's
 * public address or a CDN in front of it). Only known media types are stored, each with its fixed type.
 */
export function s3MediaStorage(bucket: Bucket): MediaStorage {
  /** The key of a servable media path, checked before anything is read or sent. */
  const keyOf = (relativePath: string) => {
    assertMediaPath(relativePath);
    return `${MEDIA_PREFIX}${relativePath}`;
  };
  const put = async (key: string, body: Uint8Array | Readable, length: number) => {
    await bucket.client.send(
      new PutObjectCommand({
        Bucket: bucket.name,
        Key: key,
        Body: body,
        ContentLength: length,
        ContentType: mediaContentType(key) ?? undefined,
        CacheControl: CACHE_CONTROL,
      }),
    );
    return `${bucket.publicUrl}/${key}`;
  };
  return {
    put: async (relativePath, bytes) => put(keyOf(relativePath), bytes, bytes.byteLength),
    async putFile(relativePath, localPath) {
      const key = keyOf(relativePath);
      const { size } = await stat(localPath);
      const uri = await put(key, createReadStream(localPath), size);
      await rm(localPath, { force: true }); // taken over, like the embedded driver's rename
      return uri;
    },
    async removeFolder(relativeFolder) {
      if (!/^[A-Za-z0-9][A-Za-z0-9/_-]*$/.test(relativeFolder) || relativeFolder.includes('..')) {
        throw new Error(`not a media folder: ${relativeFolder}`);
      }
      const objects = await listObjects(bucket, `${MEDIA_PREFIX}${relativeFolder.replace(/\/+$/, '')}/`);
      await deleteKeys(
        bucket,
        objects.map((object) => object.key),
      );
    },
  };
}
