import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, normalize, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CliError } from '../errors.js';

export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 'civitas-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupFile {
  /** Relative to the backup folder, with forward slashes: `database/…`, `media/…`, `keys/…`. */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  database: {
    kind: 'sqlite' | 'postgres';
    /** The newest migration applied when the backup was taken. */
    migration: string;
    /** PostgreSQL: the schema that was dumped (a restore goes into a schema of the same name). */
    schema?: string;
  };
  files: BackupFile[];
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every regular file below `dir`, as paths relative to it with forward slashes (none when it is missing). */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

export async function describeFile(root: string, path: string): Promise<BackupFile> {
  const file = join(root, path);
  return { path, size: (await stat(file)).size, sha256: await sha256Of(file) };
}

/** A manifest path must stay inside the backup folder. */
function safePath(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    path.length > 0 &&
    !isAbsolute(path) &&
    !path.includes('\\') &&
    normalize(path).split(sep).join('/') === path &&
    !path.split('/').includes('..')
  );
}

function parseManifest(text: string): BackupManifest {
  let value: Partial<BackupManifest>;
  try {
    value = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new CliError(`${MANIFEST_FILE} is not valid JSON; this is not a Civitas backup.`);
  }
  if (value.format !== BACKUP_FORMAT) throw new CliError(`${MANIFEST_FILE} does not describe a Civitas backup.`);
  if (value.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new CliError(
      `This backup has format version ${String(value.formatVersion)}; this Civitas reads version ${BACKUP_FORMAT_VERSION}.`,
    );
  }
  const database = value.database;
  if (
    !database ||
    (database.kind !== 'sqlite' && database.kind !== 'postgres') ||
    typeof database.migration !== 'string' ||
    !Array.isArray(value.files) ||
    !value.files.every(
      (file) => safePath(file?.path) && Number.isSafeInteger(file.size) && /^[0-9a-f]{64}$/.test(file.sha256),
    )
  ) {
    throw new CliError(`${MANIFEST_FILE} is incomplete or names files outside the backup; refusing to restore.`);
  }
  return value as BackupManifest;
}

/**
 * Reads the manifest and checks every file it lists (size and sha256) before anything is restored: a backup
 * with a changed, missing or truncated file is refused as a whole.
 */
export async function readVerifiedManifest(from: string): Promise<BackupManifest> {
  const text = await readFile(join(from, MANIFEST_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') {
      throw new CliError(`${from} has no ${MANIFEST_FILE}: not a Civitas backup, or one that did not finish.`);
    }
    throw error;
  });
  const manifest = parseManifest(text);
  for (const expected of manifest.files) {
    const actual = await describeFile(from, expected.path).catch(() => null);
    if (!actual) throw new CliError(`The backup is missing ${expected.path}; refusing to restore.`);
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      throw new CliError(`${expected.path} does not match its checksum in ${MANIFEST_FILE}; refusing to restore.`);
    }
  }
  return manifest;
}
