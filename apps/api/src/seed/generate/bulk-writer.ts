import type { DialectName } from '../../db/dialect.js';

/** How a column's values are typed on PostgreSQL (SQLite needs no declaration). */
export type ColumnKind = 'id' | 'text' | 'int' | 'time';

export interface TableSpec {
  name: string;
  columns: readonly (readonly [name: string, kind: ColumnKind])[];
}

export type Cell = string | number | null;

/** Rows are buffered per table and written in multi-row batches. */
export interface Sink {
  /** Buffers a row; true when some buffer is full and `flush` should be awaited. */
  push(table: TableSpec, row: Cell[]): boolean;
  /** Writes every buffer, in the order the tables were first pushed to (parents before children). */
  flush(): Promise<void>;
  /** One statement outside the batches, with `?` placeholders. */
  run(statement: string, params: Cell[]): Promise<void>;
  /** Runs a query and returns its rows (with `?` placeholders). */
  query<T>(statement: string, params: Cell[]): Promise<T[]>;
}

export interface LoadHooks {
  onIndexes?(phase: 'dropped' | 'rebuilding' | 'rebuilt', count: number): void;
}

/**
 * A bulk loader for one dialect. `load` runs everything in ONE transaction, so a failed or interrupted run
 * leaves the database as it was. Inside, the secondary indexes of the given tables are dropped and rebuilt at
 * the end: building an index over sorted data is far cheaper than updating it row by row.
 */
export interface BulkWriter {
  readonly dialect: DialectName;
  load(tables: readonly string[], work: (sink: Sink) => Promise<void>, hooks?: LoadHooks): Promise<void>;
  close(): Promise<void>;
}

/** Keeps the buffers shared by both dialects; `write` sends one table's buffered rows. */
export function createBuffers(
  rowsPerFlush: number,
  write: (table: TableSpec, flat: Cell[], rowCount: number) => Promise<void> | void,
) {
  const buffers = new Map<string, { table: TableSpec; flat: Cell[]; rows: number }>();
  return {
    push(table: TableSpec, row: Cell[]): boolean {
      let buffer = buffers.get(table.name);
      if (!buffer) {
        buffer = { table, flat: [], rows: 0 };
        buffers.set(table.name, buffer);
      }
      for (const cell of row) buffer.flat.push(cell);
      buffer.rows += 1;
      return buffer.rows >= rowsPerFlush;
    },
    async flush(): Promise<void> {
      for (const buffer of buffers.values()) {
        if (buffer.rows === 0) continue;
        await write(buffer.table, buffer.flat, buffer.rows);
        buffer.flat = [];
        buffer.rows = 0;
      }
    },
  };
}
