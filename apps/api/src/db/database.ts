import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './tables/index.js';

export type Db = Kysely<Database>;

const INT8_OID = 20;
// Counts and epoch-millisecond times fit in a double; reading them as numbers keeps both dialects alike.
pg.types.setTypeParser(INT8_OID, (value) => Number(value));

export interface DatabaseOptions {
  /** A postgres:// URL selects PostgreSQL; otherwise SQLite in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir; ':memory:' for throwaway databases. */
  sqliteFile?: string;
}

export function createDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const file = options.sqliteFile ?? 'civitas.sqlite';
  if (file !== ':memory:') mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(file === ':memory:' ? file : join(options.dataDir, file));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
