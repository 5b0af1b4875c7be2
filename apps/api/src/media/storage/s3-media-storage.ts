import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { CopyObjectCommand, GetObjectCommand, PutObjectCommand, S3ServiceException } from '@aws-sdk/client-s3';
import { assertMediaPath, MEDIA_URL_PREFIX } from '../media-store.js';
import { mediaContentType } from '../media-types.js';
import {
  assertMediaFolder,
  type CheckedFiles,
  type MediaReach,
  type MediaStorage,
  type OpenedFile,
} from './media-storage.js';
import { type Bucket, CHECKED_MEDIA_PREFIX, MEDIA_PREFIX } from './s3-bucket.js';
import { deleteKeys, listObjects } from './s3-objects.js';

/** Names never change content (each processing run writes a new folder: ADR 009), so caches keep them a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** A checked file is only ever read by this server's media route, which sets its own header (ADR 075). */
const CHECKED_CACHE_CONTROL = 'private, max-age=600';

/**
 * Processed media in the bucket (ADR 021): under `media/`, read by browsers at S3_PUBLIC_URL (the bucket's public
 * address or a CDN in front of it); a friends-only post's files under `private-media/`, read by browsers at this
 * server's `/media/posts/…`, which asks who may see the post and then streams the object (ADR 075). Only known
 * media types are stored, each with its fixed type.
 */
export function s3MediaStorage(bucket: Bucket): MediaStorage {
  /** The key of a servable media path, checked before anything is read or sent. */
  const keyOf = (relativePath: string, reach: MediaReach) => {
    assertMediaPath(relativePath);
    if (reach === 'everyone') return `${MEDIA_PREFIX}${relativePath}`;
    // Only a post's files are answered by the media route's check; anything else there would be unreachable.
    if (!relativePath.startsWith('posts/')) throw new Error(`only a post's files can be checked: ${relativePath}`);
    return `${CHECKED_MEDIA_PREFIX}${relativePath}`;
  };
  const put = async (relativePath: string, reach: MediaReach, body: Uint8Array | Readable, length: number) => {
    const key = keyOf(relativePath, reach);
    await bucket.client.send(
      new PutObjectCommand({
        Bucket: bucket.name,
        Key: key,
        Body: body,
        ContentLength: length,
        ContentType: mediaContentType(key) ?? undefined,
        CacheControl: reach === 'everyone' ? CACHE_CONTROL : CHECKED_CACHE_CONTROL,
      }),
    );
    return reach === 'everyone' ? `${bucket.publicUrl}/${key}` : `${MEDIA_URL_PREFIX}${relativePath}`;
  };
  return {
    put: async (relativePath, bytes, reach = 'everyone') => put(relativePath, reach, bytes, bytes.byteLength),
    async putFile(relativePath, localPath, reach = 'everyone') {
      keyOf(relativePath, reach); // refused before the file is opened
      const { size } = await stat(localPath);
      const uri = await put(relativePath, reach, createReadStream(localPath), size);
      await rm(localPath, { force: true }); // taken over, like the embedded driver's rename
      return uri;
    },
    async removeFolder(relativeFolder) {
      assertMediaFolder(relativeFolder);
      const folder = `${relativeFolder.replace(/\/+$/, '')}/`;
      const objects = [
        ...(await listObjects(bucket, `${MEDIA_PREFIX}${folder}`)),
        ...(await listObjects(bucket, `${CHECKED_MEDIA_PREFIX}${folder}`)),
      ];
      await deleteKeys(
        bucket,
        objects.map((object) => object.key),
      );
    },
    async restrictFolder(relativeFolder, rewrite) {
      assertMediaFolder(relativeFolder);
      const stored = await listObjects(bucket, `${MEDIA_PREFIX}${relativeFolder.replace(/\/+$/, '')}/`);
      for (const { key } of stored) {
        const relativePath = key.slice(MEDIA_PREFIX.length);
        // Copied within the bucket with the checked reach's headers; a copy made by an interrupted run is replaced.
        await bucket.client.send(
          new CopyObjectCommand({
            Bucket: bucket.name,
            Key: keyOf(relativePath, 'checked'),
            CopySource: `${bucket.name}/${key.split('/').map(encodeURIComponent).join('/')}`,
            MetadataDirective: 'REPLACE',
            ContentType: mediaContentType(key) ?? undefined,
            CacheControl: CHECKED_CACHE_CONTROL,
          }),
        );
      }
      await rewrite();
      await deleteKeys(
        bucket,
        stored.map((object) => object.key),
      );
      return stored.length;
    },
    checkedUri(uri) {
      const publicPrefix = `${bucket.publicUrl}/${MEDIA_PREFIX}posts/`;
      if (uri.startsWith(publicPrefix)) return `${MEDIA_URL_PREFIX}posts/${uri.slice(publicPrefix.length)}`;
      return uri.startsWith(`${MEDIA_URL_PREFIX}posts/`) ? uri : null;
    },
    checkedFiles: bucketCheckedFiles(bucket),
  };
}

/** The headers of a GetObject answer the media route passes on, by their names in an HTTP answer. */
const passedOn = (object: {
  ContentLength?: number | undefined;
  ContentRange?: string | undefined;
  ETag?: string | undefined;
  LastModified?: Date | undefined;
}): Record<string, string> => {
  const headers: Record<string, string> = { 'accept-ranges': 'bytes' };
  if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength);
  if (object.ContentRange) headers['content-range'] = object.ContentRange;
  if (object.ETag) headers.etag = object.ETag;
  if (object.LastModified) headers['last-modified'] = object.LastModified.toUTCString();
  return headers;
};

const SINGLE_RANGE = /^bytes=(\d{1,15}-\d{0,15}|-\d{1,15})$/;

const dateOrNothing = (text: string | undefined): Date | undefined => {
  const date = text ? new Date(text) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
};

/** Checked files read from `private-media/`, a Range or a revalidation passed to the bucket as the browser sent it. */
function bucketCheckedFiles(bucket: Bucket): CheckedFiles {
  return {
    async open(relativePath, request): Promise<OpenedFile | null> {
      let key: string;
      try {
        key = keyOf(relativePath);
      } catch {
        return null;
      }
      try {
        const object = await bucket.client.send(
          new GetObjectCommand({
            Bucket: bucket.name,
            Key: key,
            // One range of bytes, as players ask; anything else is ignored and the whole file sent (RFC 9110 §14.2).
            Range: request.range && SINGLE_RANGE.test(request.range) ? request.range : undefined,
            IfNoneMatch: request.ifNoneMatch,
            IfModifiedSince: dateOrNothing(request.ifModifiedSince),
          }),
        );
        return {
          status: object.ContentRange ? 206 : 200,
          headers: passedOn(object),
          body: (object.Body as Readable | undefined) ?? null,
        };
      } catch (error) {
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        if (status === 304) return { status: 304, headers: {}, body: null };
        if (status === 416) return { status: 416, headers: {}, body: null };
        if (status === 404 || status === 403) return null;
        throw error;
      }
    },
  };

  function keyOf(relativePath: string): string {
    assertMediaPath(relativePath);
    return `${CHECKED_MEDIA_PREFIX}${relativePath}`;
  }
}
