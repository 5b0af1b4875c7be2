import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, SqliteDialect } from 'kysely';
import type pg from 'pg';
import type { Database } from './tables/index.js';

export type Db = Kysely<Database>;

const INT8_OID = 20;

/**
 * The PostgreSQL driver, loaded when a PostgreSQL database is opened, so a server on the embedded database never
 * holds it in memory (with the Redis client, create-context.ts: 2.1 MB less live heap).
 */
function loadPostgresDriver(): typeof pg {
  const driver = createRequire(import.meta.url)('pg') as typeof pg;
  // Counts and epoch-millisecond times fit in a double; reading them as numbers keeps both dialects alike.
  driver.types.setTypeParser(INT8_OID, (value) => Number(value));
  return driver;
}

export interface DatabaseOptions {
  /** A postgres:// URL selects PostgreSQL; otherwise SQLite in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir; ':memory:' for throwaway databases. */
  sqliteFile?: string;
}

export function createDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) {
    const pool = new (loadPostgresDriver().Pool)({ connectionString: options.databaseUrl, max: 10 });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
  }
  const file = options.sqliteFile ?? 'civitas.sqlite';
  if (file !== ':memory:') mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(file === ':memory:' ? file : join(options.dataDir, file));
  sqlite.pragma('journal_mode = WAL');
  // A commit appends its frames to the WAL with write(): once it returns, the pages are the OS's, so a killed
  // process (kill -9, OOM, crash) loses no committed transaction; NORMAL only skips the fsync per commit, so a
  // power loss or OS crash may lose the last commits (never corrupt the file). FULL would cost an fsync per
  // write for that case alone (ADR 015; apps/api/test/crash kills the server under load).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 8 MB of pages in process; the rest of the file is in the OS's page cache, one read() away. With 64 MB the
  // cache held about 28 MB more after a load, at the same CPU per request (ADR 041).
  sqlite.pragma('cache_size = -8192');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable, and preparing costs about as
 * much as running a small indexed query. Keeping the most recent statements by SQL text halves that work.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SQLite.Statement {
      const cached = statements.get(sql);
      if (cached) return cached;
      const statement = sqlite.prepare(sql);
      if (statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

const MAX_NAMED_STATEMENTS = 200;

/**
 * PostgreSQL parses and plans every unnamed statement anew, which on a feed page costs more than running
 * it. Giving each distinct SQL text a name makes `pg` prepare it once per connection and then only bind and
 * execute it. Statements without parameters (begin, commit, DDL) stay unnamed, and past
 * MAX_NAMED_STATEMENTS texts new ones do too, so what each connection keeps prepared stays bounded.
 * (Behind a connection pooler this needs one that supports protocol-level prepared statements.)
 */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
      name = `civitas_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((textOrCursor: unknown, values?: unknown[]) => {
      if (typeof textOrCursor !== 'string') return client.query(textOrCursor as never); // a streaming cursor
      const name = values && values.length > 0 ? nameOf(textOrCursor) : undefined;
      return name ? client.query({ name, text: textOrCursor, values }) : client.query(textOrCursor, values);
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = wrap(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}
