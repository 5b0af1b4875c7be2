import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from './dialect.js';

/**
 * `column` is one of `ids`. On PostgreSQL this is one SQL text whatever the number of ids (`= any($1)`), so
 * one prepared statement and plan serves every page size. SQLite keeps `in (?, ?, …)`: its statements are
 * cached by text too (db/database.ts), page sizes are few, and it runs the list faster than `json_each`.
 * An empty list matches nothing on both dialects (`in ()` is invalid on PostgreSQL).
 */
export function oneOf(dialect: DialectName, column: string, ids: readonly string[]): RawBuilder<SqlBool> {
  if (dialect === 'postgres') return sql<SqlBool>`${sql.ref(column)} = any(${sql.val(ids)})`;
  if (ids.length === 0) return sql<SqlBool>`0 = 1`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(ids.map((id) => sql.val(id)))})`;
}

/** For a precompiled query with `oneOf`: what changes its SQL text (the list's length, on SQLite only). */
export const oneOfShape = (dialect: DialectName, ids: readonly string[]): string =>
  dialect === 'postgres' ? 'any' : String(ids.length);

/** For a precompiled query with `oneOf`: the values it binds (one array on PostgreSQL, each id on SQLite). */
export const oneOfValues = (dialect: DialectName, ids: readonly string[]): readonly unknown[] =>
  dialect === 'postgres' ? [ids] : ids;
