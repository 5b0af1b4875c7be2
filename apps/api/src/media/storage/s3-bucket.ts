import { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from './s3-settings.js';

/** One bucket and a client for it, shared by the upload and media drivers. */
export interface Bucket {
  client: S3Client;
  name: string;
  /** Where browsers read objects (no trailing slash). */
  publicUrl: string;
}

/**
 * Raw upload parts live under `uploads/` (never public: they are untrusted bytes), processed media everyone may
 * read under `media/` (public), and a friends-only post's files under `private-media/` (never public: read by
 * this server's media route after it asks who may see the post, ADR 075). A bucket policy or CDN opens `media/`
 * and nothing else.
 */
export const UPLOADS_PREFIX = 'uploads/';
export const MEDIA_PREFIX = 'media/';
export const CHECKED_MEDIA_PREFIX = 'private-media/';

export function openBucket(settings: S3Settings): Bucket {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where an operation requires them: S3-compatible stores (MinIO, R2, s3rver) do not all
    // know the newer flexible checksums, and a presigned part URL must not carry a checksum of bytes the
    // browser has not sent yet.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { client, name: settings.bucket, publicUrl: settings.publicUrl };
}
