import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Bucket } from './s3-bucket.js';

export interface ListedObject {
  key: string;
  size: number;
  /** Without the quotes S3 puts around it. */
  etag: string;
  lastModified: number;
}

/** Every object below a prefix, all pages of ListObjectsV2. */
export async function listObjects(bucket: Bucket, prefix: string): Promise<ListedObject[]> {
  const objects: ListedObject[] = [];
  let token: string | undefined;
  do {
    const page = await bucket.client.send(
      new ListObjectsV2Command({ Bucket: bucket.name, Prefix: prefix, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) {
      if (!object.Key) continue;
      objects.push({
        key: object.Key,
        size: object.Size ?? 0,
        etag: (object.ETag ?? '').replaceAll('"', ''),
        lastModified: object.LastModified?.getTime() ?? 0,
      });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return objects;
}

/** Deletes keys, a thousand per DeleteObjects (its limit); a key already gone is no error. */
export async function deleteKeys(bucket: Bucket, keys: readonly string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += 1000) {
    const batch = keys.slice(start, start + 1000);
    const answer = await bucket.client.send(
      new DeleteObjectsCommand({
        Bucket: bucket.name,
        Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    const failed = answer.Errors ?? [];
    if (failed.length > 0) {
      throw new Error(
        `could not delete ${failed.length} object(s) from the bucket, e.g. ${failed[0]?.Key}: ${failed[0]?.Code}`,
      );
    }
  }
}
