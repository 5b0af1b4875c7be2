import { type Kysely, PostgresAdapter } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

export const dialectOf = (db: Kysely<unknown>): DialectName =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

/** The two column types that differ between the dialects: ids (uuid vs text) and epoch-millisecond times. */
export const columnTypes = (db: Kysely<unknown>) =>
  dialectOf(db) === 'postgres' ? ({ id: 'uuid', time: 'bigint' } as const) : ({ id: 'text', time: 'integer' } as const);
