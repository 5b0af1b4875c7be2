import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { assertMediaPath, MEDIA_URL_PREFIX, mediaRoot, saveMediaFile } from '../media-store.js';

/**
 * Who may read what is stored (ADR 075): `everyone` (a public post's files, profile pictures: any address is
 * served to whoever asks, from the bucket or a CDN when there is one), or `checked` (a friends-only post's files:
 * served only through this server's media route, which asks who may see the post first).
 */
export type MediaReach = 'everyone' | 'checked';

/** What the media route asks of a stored checked file: a conditional or ranged read, as the request put it. */
export interface CheckedFileRequest {
  range?: string | undefined;
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
}

/** A checked file opened for one request: the status and headers to answer with, and its bytes (none for a 304). */
export interface OpenedFile {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  body: Readable | null;
}

/** Checked files kept away from this server's disk (in the bucket), read for the media route. */
export interface CheckedFiles {
  /** The file at a path below the media root, or null when there is none. */
  open(relativePath: string, request: CheckedFileRequest): Promise<OpenedFile | null>;
}

/**
 * Where processed media (renditions, MP4, HLS) is kept and served from. Processing talks only to this
 * interface: the embedded driver writes under DATA_DIR/media (served at /media/); the object-storage driver
 * writes to a bucket and answers its public or CDN address, or this server's for a checked file.
 */
export interface MediaStorage {
  /** Stores bytes at a path below the media root; answers the URI they are served at. */
  put(relativePath: string, bytes: Uint8Array, reach?: MediaReach): Promise<string>;
  /** Stores a local file (taken over: the caller's copy may be moved). */
  putFile(relativePath: string, localPath: string, reach?: MediaReach): Promise<string>;
  /** Removes everything stored below a folder, whatever its reach, e.g. a post's media once it is deleted or replaced. */
  removeFolder(relativeFolder: string): Promise<void>;
  /**
   * Moves what an earlier version stored below a folder for everyone into the checked reach (ADR 075's
   * `civitas restrict-friends-media`): every file is copied there, `rewrite` runs (the post's URIs are changed to
   * `checkedUri`'s), then the originals are removed. The number of files moved; 0 when nothing was there, and
   * always 0 for the embedded driver, whose files are in one place for either reach.
   */
  restrictFolder(relativeFolder: string, rewrite: () => Promise<void>): Promise<number>;
  /** The URI a file stored for everyone at `uri` is served at once checked; null when `uri` is not such a file. */
  checkedUri(uri: string): string | null;
  /**
   * Where the media route reads checked files from, or null when they are on this server's disk: the embedded
   * driver keeps both reaches in one place, since every file of it is served through the route anyway.
   */
  readonly checkedFiles: CheckedFiles | null;
}

/** A folder below the media root, as the drivers accept one: plain names, no `..`. */
export function assertMediaFolder(relativeFolder: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9/_-]*$/.test(relativeFolder) || relativeFolder.includes('..')) {
    throw new Error(`not a media folder: ${relativeFolder}`);
  }
}

export function localMediaStorage(dataDir: string): MediaStorage {
  const root = mediaRoot(dataDir);
  return {
    checkedFiles: null,
    put: (relativePath, bytes) => saveMediaFile(dataDir, relativePath, bytes),
    async putFile(relativePath, localPath) {
      assertMediaPath(relativePath);
      const target = join(root, relativePath);
      await mkdir(dirname(target), { recursive: true });
      // Work files sit on the same disk (DATA_DIR/work), so this is a rename; copy when it is not.
      await rename(localPath, target).catch(async () => {
        await copyFile(localPath, target);
        await rm(localPath, { force: true });
      });
      return `${MEDIA_URL_PREFIX}${relativePath}`;
    },
    async removeFolder(relativeFolder) {
      assertMediaFolder(relativeFolder);
      await rm(join(root, relativeFolder), { recursive: true, force: true });
    },
    // Every file here is served through the media route, which checks a post's files whatever they were stored for.
    async restrictFolder(relativeFolder, rewrite) {
      assertMediaFolder(relativeFolder);
      await rewrite();
      return 0;
    },
    checkedUri: (uri) => (uri.startsWith(`${MEDIA_URL_PREFIX}posts/`) ? uri : null),
  };
}
