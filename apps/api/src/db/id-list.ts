import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from './dialect.js';

/**
 * `column` is one of `ids`, written as the same SQL text whatever the number of ids: one prepared statement
 * (and one cached plan on PostgreSQL) serves every page size, where `in (?, ?, …)` makes a new text for each
 * length. An empty list matches nothing on both dialects (`in ()` is invalid on PostgreSQL).
 */
export const oneOf = (dialect: DialectName, column: string, ids: readonly string[]): RawBuilder<SqlBool> =>
  dialect === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} = any(${sql.val(ids)})`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${sql.val(JSON.stringify(ids))}))`;
