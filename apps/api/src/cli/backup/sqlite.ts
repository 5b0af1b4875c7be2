import { existsSync } from 'node:fs';
import { copyFile, link, rm } from 'node:fs/promises';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { CliError } from '../errors.js';

export const SQLITE_FILE = 'civitas.sqlite';

export const sqliteFileIn = (dataDir: string): string => join(dataDir, SQLITE_FILE);

/**
 * Makes a fresh copy one standalone file (the copy inherits WAL mode, which would leave -wal and -shm files
 * beside it; the server turns WAL on again when it opens a restored file) and answers its newest migration.
 */
function settleCopy(file: string): string {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
    const row = db.prepare('select name from kysely_migration order by name desc limit 1').get() as
      | { name: string }
      | undefined;
    if (!row) throw new CliError(`${file} has no migrations applied; there is nothing to back up.`);
    return row.name;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`${file} is not a Civitas database (${error instanceof Error ? error.message : error}).`);
  } finally {
    db.close();
  }
}

/**
 * Copies the live database with SQLite's online backup API while the server may be writing: all pages in one
 * step, inside one read transaction, so the copy is one consistent snapshot. (Copied a few pages at a time, a
 * write by the server in between would restart the copy, and a busy server could keep it from ever finishing;
 * in WAL mode the one long read does not block the server's writes.) Answers the copy's newest migration.
 */
export async function backupSqlite(dataDir: string, target: string): Promise<string> {
  const source = sqliteFileIn(dataDir);
  if (!existsSync(source)) throw new CliError(`There is no database at ${source}; nothing to back up.`);
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(target, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  return settleCopy(target);
}

/**
 * Puts a backed-up database file in place: copied beside its final name, then linked to it (which, unlike a
 * rename, fails rather than replace a database that appeared meanwhile), so the server never opens half a file.
 */
export async function restoreSqlite(file: string, dataDir: string): Promise<void> {
  const target = sqliteFileIn(dataDir);
  const partial = `${target}.restoring`;
  await rm(partial, { force: true });
  try {
    await copyFile(file, partial);
    await link(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
}
