import SQLite from 'better-sqlite3';
import type { BulkWriter, Cell, Sink, TableSpec } from './bulk-writer.js';
import { createBuffers } from './bulk-writer.js';

// SQLite accepts up to 32,766 bound values per statement; stay well below.
const MAX_VALUES_PER_STATEMENT = 9_000;
const ROWS_PER_FLUSH = 20_000;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Bulk loading on SQLite through its own connection to the database file: prepared multi-row INSERTs reused
 * for every batch, no foreign-key checks (the generator's rows refer only to rows it wrote before), a large
 * page cache, and one transaction for the whole load.
 */
export function createSqliteWriter(file: string): BulkWriter {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = OFF');
  db.pragma('busy_timeout = 10000');
  db.pragma('cache_size = -524288');

  const statements = new Map<string, SQLite.Statement>();
  const insertFor = (table: TableSpec, rows: number): SQLite.Statement => {
    const key = `${table.name}:${rows}`;
    let statement = statements.get(key);
    if (!statement) {
      const tuple = `(${table.columns.map(() => '?').join(',')})`;
      statement = db.prepare(
        `insert into ${quote(table.name)} (${table.columns.map(([name]) => quote(name)).join(',')}) values ${Array(rows).fill(tuple).join(',')}`,
      );
      statements.set(key, statement);
    }
    return statement;
  };

  const writeRows = (table: TableSpec, flat: Cell[], rowCount: number) => {
    const width = table.columns.length;
    const perStatement = Math.max(1, Math.floor(MAX_VALUES_PER_STATEMENT / width));
    for (let start = 0; start < rowCount; start += perStatement) {
      const rows = Math.min(perStatement, rowCount - start);
      insertFor(table, rows).run(flat.slice(start * width, (start + rows) * width));
    }
  };

  return {
    dialect: 'sqlite',
    async load(tables, work, hooks) {
      const placeholders = tables.map(() => '?').join(',');
      const indexes = db
        .prepare(
          `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${placeholders})`,
        )
        .all(...tables) as { name: string; sql: string }[];
      const buffers = createBuffers(ROWS_PER_FLUSH, writeRows);
      const sink: Sink = {
        push: buffers.push,
        flush: buffers.flush,
        async run(statement, params) {
          db.prepare(statement).run(params);
        },
        async query<T>(statement: string, params: Cell[]) {
          return db.prepare(statement).all(params) as T[];
        },
      };
      db.exec('begin immediate');
      try {
        for (const index of indexes) db.exec(`drop index ${quote(index.name)}`);
        hooks?.onIndexes?.('dropped', indexes.length);
        await work(sink);
        await sink.flush();
        hooks?.onIndexes?.('rebuilding', indexes.length);
        for (const index of indexes) db.exec(index.sql);
        hooks?.onIndexes?.('rebuilt', indexes.length);
        db.exec('commit');
      } catch (error) {
        if (db.inTransaction) db.exec('rollback');
        throw error;
      }
      db.pragma('wal_checkpoint(TRUNCATE)');
    },
    async close() {
      db.close();
    },
  };
}
