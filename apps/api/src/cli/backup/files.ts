import { constants } from 'node:fs';
import { chmod, copyFile, mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { mediaRoot } from '../../media/media-store.js';
import { listFiles } from './manifest.js';

/**
 * Where installs from before ADR 017 kept the signing keys and the web server's machine-client secret. They live
 * in the database now (and travel in its dump); files still here are copied, as a database migrated but not yet
 * started imports them from here on its first start.
 */
export const keysDir = (dataDir: string): string => resolve(dataDir, 'keys');

/** The folders of a backup, each the copy of one part of DATA_DIR (or the database dump). */
export const backupParts = { database: 'database', media: 'media', keys: 'keys' } as const;

/** Copies files (paths relative to `from`); secret ones end up readable by the owner alone. */
async function copyTree(from: string, to: string, files: readonly string[], secret = false): Promise<void> {
  for (const path of files) {
    const target = join(to, path);
    await mkdir(dirname(target), { recursive: true, ...(secret ? { mode: 0o700 } : {}) });
    // A restore or a backup never overwrites a file that is already there.
    await copyFile(join(from, path), target, constants.COPYFILE_EXCL);
    if (secret) await chmod(target, 0o600);
  }
}

/**
 * Copies the processed media (renditions, MP4, HLS) between DATA_DIR/media and a backup's media folder, in
 * either direction; answers the files copied. Media names are immutable and written aside then renamed, so a
 * copy taken while the server runs sees whole files only (left-over `.tmp` files are skipped).
 *
 * This is the one place a backup touches media: an object-storage media driver (S3) would back up and restore
 * here, or leave media out and rely on the bucket's own versioning or replication (see ADR 014).
 */
export async function copyMedia(from: string, to: string): Promise<string[]> {
  const files = (await listFiles(from)).filter((path) => !path.endsWith('.tmp'));
  await copyTree(from, to, files);
  return files;
}

/** Copies the keys folder (files from before ADR 017), owner-only like the original (the keys sign every session). */
export async function copyKeys(from: string, to: string): Promise<string[]> {
  const files = (await listFiles(from)).filter((path) => !path.endsWith('.tmp'));
  await copyTree(from, to, files, true);
  return files;
}

export { mediaRoot };
