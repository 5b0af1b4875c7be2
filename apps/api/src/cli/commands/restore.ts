import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../../config.js';
import { createDatabase } from '../../db/database.js';
import { migrateToLatest, migrationNames } from '../../db/migrate.js';
import { backupParts, copyKeys, copyMedia, keysDir, mediaRoot } from '../backup/files.js';
import { type BackupManifest, listFiles, readVerifiedManifest } from '../backup/manifest.js';
import { inspectPostgres, PG_DUMP_FILE, restorePostgres } from '../backup/postgres.js';
import { restoreSqlite, SQLITE_FILE, sqliteFileIn } from '../backup/sqlite.js';
import { CliError } from '../errors.js';
import { legacyKeys } from './backup.js';

const kindName = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;

/** The backup must be of the configured kind and not from a newer Civitas than this one. */
function assertRestorable(manifest: BackupManifest, config: Config): void {
  const configured = config.DATABASE_URL ? 'postgres' : 'sqlite';
  if (manifest.database.kind !== configured) {
    throw new CliError(
      `This is a ${kindName[manifest.database.kind]} backup, but the configuration selects ${kindName[configured]}` +
        ` (${configured === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is not set'}).`,
    );
  }
  if (!migrationNames.includes(manifest.database.migration)) {
    throw new CliError(
      `The backup was taken by a newer Civitas (migration ${manifest.database.migration} is unknown here); restore it with that version or later.`,
    );
  }
}

/** A restore goes into an empty place only: it never replaces a database, media or keys that are there. */
async function assertEmptyTarget(config: Config, dataDir: string) {
  const present: string[] = [];
  let schemaExists = false;
  if (config.DATABASE_URL) {
    const place = await inspectPostgres(config.DATABASE_URL);
    schemaExists = place.exists;
    if (place.relations > 0)
      present.push(`${place.relations} tables, indexes or other objects in schema ${place.schema}`);
  } else if (existsSync(sqliteFileIn(dataDir))) {
    present.push(`a database (${sqliteFileIn(dataDir)})`);
  }
  if ((await listFiles(mediaRoot(dataDir))).length > 0) present.push(`media (${mediaRoot(dataDir)})`);
  if ((await listFiles(keysDir(dataDir))).length > 0) present.push(`keys (${keysDir(dataDir)})`);
  if (present.length > 0) {
    throw new CliError(
      `The restore target is not empty: it has ${present.join(', ')}. A restore never overwrites data; point DATA_DIR${
        config.DATABASE_URL ? ' and DATABASE_URL' : ''
      } at an empty place.`,
    );
  }
  return { schemaExists };
}

/**
 * Restores a backup folder into an empty DATA_DIR (and, on PostgreSQL, an empty schema of the backed-up name):
 * every file's checksum is checked first, then media and keys are copied and the database restored last (on
 * PostgreSQL in one transaction), so a failure leaves the target empty again; finally migrations newer than
 * the backup are applied.
 */
export async function restoreCommand(config: Config, env: NodeJS.ProcessEnv, from: string): Promise<string> {
  const source = resolve(from);
  const dataDir = resolve(config.DATA_DIR);
  const manifest = await readVerifiedManifest(source);
  assertRestorable(manifest, config);
  if (config.DATABASE_URL) {
    const target = (await inspectPostgres(config.DATABASE_URL)).schema;
    if (target !== manifest.database.schema) {
      throw new CliError(
        `The backup holds schema ${manifest.database.schema}, but DATABASE_URL points at schema ${target}; restore into a` +
          ` database whose search_path names ${manifest.database.schema} (options=-c search_path=${manifest.database.schema}).`,
      );
    }
  }
  const { schemaExists } = await assertEmptyTarget(config, dataDir);

  let media: string[] = [];
  let keys: string[] = [];
  try {
    media = await copyMedia(join(source, backupParts.media), mediaRoot(dataDir));
    keys = await copyKeys(join(source, backupParts.keys), keysDir(dataDir));
    const dump = join(source, backupParts.database, manifest.database.kind === 'sqlite' ? SQLITE_FILE : PG_DUMP_FILE);
    if (config.DATABASE_URL) await restorePostgres(config.DATABASE_URL, dump, schemaExists, env);
    else await restoreSqlite(dump, dataDir);
  } catch (error) {
    // Checked empty above: what is there now is this unfinished restore.
    await rm(mediaRoot(dataDir), { recursive: true, force: true });
    await rm(keysDir(dataDir), { recursive: true, force: true });
    throw error;
  }

  const db = createDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  try {
    await migrateToLatest(db as never);
  } finally {
    await db.destroy();
  }
  const latest = migrationNames.at(-1);
  return [
    `Restored the ${kindName[manifest.database.kind]} database of ${manifest.createdAt}, ${media.length} media files` +
      `${legacyKeys(keys)} into ${config.DATABASE_URL ? `schema ${manifest.database.schema} and ` : ''}${dataDir}.`,
    manifest.database.migration === latest
      ? `The database is at migration ${latest}.`
      : `Migrated the database from ${manifest.database.migration} to ${latest}.`,
  ].join('\n');
}
