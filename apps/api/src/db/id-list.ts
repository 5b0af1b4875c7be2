import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from './dialect.js';

/**
 * `column` is one of `ids`. On PostgreSQL this is one SQL text for any number of ids (`= any($1)`), so one
 * prepared statement and plan serves every page size; but one id is `= $1`. PostgreSQL's generic plan (the one
 * a prepared statement keeps, instead of planning each run) assumes ten elements in an array parameter, so for
 * a single id it looked ten times dearer than planning anew, and the statement was planned on every run:
 * `pg_prepared_statements` counted 12 custom plans in 12 runs for a post's read, and its database CPU per post
 * detail was 0.28 ms. SQLite keeps `in (?, ?, …)`: its statements are cached by text too (db/database.ts),
 * page sizes are few, and it runs the list faster than `json_each`. An empty list matches nothing on both
 * dialects (`in ()` is invalid on PostgreSQL).
 */
export function oneOf(dialect: DialectName, column: string, ids: readonly string[]): RawBuilder<SqlBool> {
  if (dialect === 'postgres') {
    return ids.length === 1
      ? sql<SqlBool>`${sql.ref(column)} = ${sql.val(ids[0])}`
      : sql<SqlBool>`${sql.ref(column)} = any(${sql.val(plannedArray(ids))})`;
  }
  if (ids.length === 0) return sql<SqlBool>`0 = 1`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(ids.map((id) => sql.val(id)))})`;
}

/**
 * PostgreSQL's generic plan assumes an array parameter of ten elements. A shorter list is padded to ten with
 * its first id again (it matches the same rows), so reading three posts does not look three times cheaper
 * planned anew than with the kept plan, and the statement is not planned on every run.
 */
const PLANNED_ARRAY_LENGTH = 10;
const plannedArray = (ids: readonly string[]): readonly string[] =>
  ids.length === 0 || ids.length >= PLANNED_ARRAY_LENGTH
    ? ids
    : [...ids, ...Array<string>(PLANNED_ARRAY_LENGTH - ids.length).fill(ids[0] as string)];

/** For a precompiled query with `oneOf`: what changes its SQL text (one id or many on PostgreSQL; the count on SQLite). */
export const oneOfShape = (dialect: DialectName, ids: readonly string[]): string =>
  dialect === 'postgres' ? (ids.length === 1 ? 'one' : 'any') : String(ids.length);

/** For a precompiled query with `oneOf`: the values it binds (the id or one array on PostgreSQL, each id on SQLite). */
export const oneOfValues = (dialect: DialectName, ids: readonly string[]): readonly unknown[] =>
  dialect === 'postgres' ? (ids.length === 1 ? ids : [plannedArray(ids)]) : ids;
