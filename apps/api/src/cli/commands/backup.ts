import { chmod, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../../config.js';
import { s3Settings } from '../../media/storage/s3-settings.js';
import { backupParts, copyKeys, copyMedia, keysDir, mediaRoot } from '../backup/files.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  describeFile,
  listFiles,
  MANIFEST_FILE,
} from '../backup/manifest.js';
import { dumpPostgres, inspectPostgres, PG_DUMP_FILE } from '../backup/postgres.js';
import { backupSqlite, SQLITE_FILE } from '../backup/sqlite.js';
import { CliError } from '../errors.js';

/**
 * Makes the backup folder, refusing one that has anything in it (a backup never mixes with other files);
 * answers whether it was made here.
 */
async function prepareTarget(to: string): Promise<boolean> {
  const found = await stat(to).catch(() => null);
  if (found && !found.isDirectory()) throw new CliError(`${to} is a file; give a folder to write the backup into.`);
  if (found && (await readdir(to)).length > 0) {
    throw new CliError(`${to} is not empty; back up into a new or empty folder.`);
  }
  // Owner-only: the backup holds the signing keys and every citizen's data.
  await mkdir(to, { recursive: true, mode: 0o700 });
  return !found;
}

/** Key files from before ADR 017 (DATA_DIR/keys), named only when there are some. */
export const legacyKeys = (files: readonly string[]): string =>
  files.length > 0 ? ` and ${files.length} key files from DATA_DIR/keys` : '';

export async function emptyFolder(folder: string): Promise<void> {
  const entries = await readdir(folder).catch(() => [] as string[]);
  for (const entry of entries) await rm(join(folder, entry), { recursive: true, force: true });
}

/** Media on object storage is not in the folder: where it is and what keeps it (docs/operations.md). */
function bucketNote(config: Config): string[] {
  const bucket = s3Settings(config);
  if (!bucket) return [];
  return [
    `Media is in bucket "${bucket.bucket}" at ${bucket.endpoint} and is not copied here: keep versioning (or a replica)`,
    'on for its media/ prefix. Media objects never change once written, so the bucket as it is now or later holds',
    'every file this backup names.',
  ];
}

/**
 * Writes one self-contained backup folder: the database (SQLite's online backup, or pg_dump of the
 * application's schema) with the keys and secrets in it (ADR 017), the processed media, key files left in
 * DATA_DIR/keys by an install from before ADR 017, and manifest.json listing every file with its
 * size and sha256. The manifest is written last, so a folder without one is a backup that did not finish.
 * Uploads in progress, the mail outbox and work files are left out (ADR 014).
 */
export async function backupCommand(config: Config, env: NodeJS.ProcessEnv, to: string): Promise<string> {
  const target = resolve(to);
  const dataDir = resolve(config.DATA_DIR);
  const created = await prepareTarget(target);
  try {
    const databaseDir = join(target, backupParts.database);
    await mkdir(databaseDir, { mode: 0o700 });
    let database: BackupManifest['database'];
    // The database first, then media: a file added meanwhile is an unused extra, never a missing picture.
    if (config.DATABASE_URL) {
      const place = await inspectPostgres(config.DATABASE_URL);
      if (!place.migration) throw new CliError(`Schema ${place.schema} has no Civitas tables; nothing to back up.`);
      await dumpPostgres(config.DATABASE_URL, place.schema, join(databaseDir, PG_DUMP_FILE), env);
      await chmod(join(databaseDir, PG_DUMP_FILE), 0o600);
      database = { kind: 'postgres', migration: place.migration, schema: place.schema };
    } else {
      const migration = await backupSqlite(dataDir, join(databaseDir, SQLITE_FILE));
      database = { kind: 'sqlite', migration };
    }
    const media = await copyMedia(mediaRoot(dataDir), join(target, backupParts.media));
    const keys = await copyKeys(keysDir(dataDir), join(target, backupParts.keys));

    const files = [];
    for (const path of await listFiles(target)) files.push(await describeFile(target, path));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database,
      files,
    };
    const partial = join(target, `${MANIFEST_FILE}.partial`);
    await writeFile(partial, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await rename(partial, join(target, MANIFEST_FILE));

    const bytes = files.reduce((sum, file) => sum + file.size, 0);
    return [
      `Backed up the ${database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database (migration ${database.migration}),`,
      `${media.length} media files${legacyKeys(keys)} to ${target} (${(bytes / 1024 / 1024).toFixed(1)} MiB).`,
      'It holds the signing keys (in the database) and every citizen’s data: keep it as private as DATA_DIR.',
      ...bucketNote(config),
    ].join('\n');
  } catch (error) {
    // The folder was empty or new: what is in it now is this unfinished backup alone.
    if (created) await rm(target, { recursive: true, force: true });
    else await emptyFolder(target);
    throw error;
  }
}
