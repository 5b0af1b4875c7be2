import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertMediaPath, MEDIA_URL_PREFIX, mediaRoot, saveMediaFile } from '../media-store.js';

/**
 * Where processed media (renditions, MP4, HLS) is kept and served from. Processing talks only to this
 * interface: the embedded driver writes under DATA_DIR/media (served at /media/); an object-storage driver
 * would write to a bucket and answer its public or CDN address.
 */
export interface MediaStorage {
  /** Stores bytes at a path below the media root; answers the URI they are served at. */
  put(relativePath: string, bytes: Uint8Array): Promise<string>;
  /** Stores a local file (taken over: the caller's copy may be moved). */
  putFile(relativePath: string, localPath: string): Promise<string>;
  /** Removes everything stored below a folder, e.g. a post's media once it is deleted or replaced. */
  removeFolder(relativeFolder: string): Promise<void>;
}

export function localMediaStorage(dataDir: string): MediaStorage {
  const root = mediaRoot(dataDir);
  return {
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
      if (!/^[A-Za-z0-9][A-Za-z0-9/_-]*$/.test(relativeFolder) || relativeFolder.includes('..')) {
        throw new Error(`not a media folder: ${relativeFolder}`);
      }
      await rm(join(root, relativeFolder), { recursive: true, force: true });
    },
  };
}
