import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { mediaContentType } from './media-types.js';

/** URL prefix under which stored media is served (see serve-media.ts). */
export const MEDIA_URL_PREFIX = '/media/';

/** Where media files live: DATA_DIR/media, as an absolute path. */
export const mediaRoot = (dataDir: string): string => resolve(dataDir, 'media');

// Plain names only: no dot-files, no '..', no separators inside a segment.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)*$/;

export function assertMediaPath(relativePath: string): void {
  const segments = relativePath.split('/');
  if (!segments.every((segment) => SEGMENT.test(segment)) || mediaContentType(relativePath) === null) {
    throw new Error(`not a servable media path: ${relativePath}`);
  }
}

/** A short content hash, so a file's name changes whenever its bytes do and it can be cached forever. */
export const contentTag = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex').slice(0, 12);

/**
 * Writes a media file under DATA_DIR/media and returns the origin-relative URI it is served at. The file is
 * written beside its final name and renamed, so a reader never sees half a file.
 */
export async function saveMediaFile(dataDir: string, relativePath: string, bytes: Uint8Array): Promise<string> {
  assertMediaPath(relativePath);
  const target = join(mediaRoot(dataDir), relativePath);
  await mkdir(dirname(target), { recursive: true });
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, target);
  return `${MEDIA_URL_PREFIX}${relativePath}`;
}

/** The file behind a URI made by saveMediaFile, or null for any other URI. */
export function mediaFileOf(dataDir: string, uri: string): string | null {
  if (!uri.startsWith(MEDIA_URL_PREFIX)) return null;
  const relativePath = uri.slice(MEDIA_URL_PREFIX.length);
  try {
    assertMediaPath(relativePath);
  } catch {
    return null;
  }
  return join(mediaRoot(dataDir), relativePath);
}
