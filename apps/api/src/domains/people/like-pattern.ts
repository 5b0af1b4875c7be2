import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * Prefix matching with LIKE, the same in both dialects. `!` is the escape character (a backslash would
 * depend on PostgreSQL's string settings), so `%`, `_` and `!` typed by a person match only themselves.
 */
const ESCAPE = '!';

export const escapeLike = (text: string): string => text.replace(/[!%_]/g, (char) => `${ESCAPE}${char}`);

/** The LIKE pattern for "starts with `prefix`", case-insensitive against the lower-cased keys. */
export const prefixPattern = (prefix: string): string => `${escapeLike(prefix.toLowerCase())}%`;

/** `expression LIKE pattern ESCAPE '!'`: left-anchored, so the prefix indexes of 003-people-indexes serve it. */
export const likePattern = (expression: Expression<string>, pattern: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`${expression} like ${pattern} escape ${sql.lit(ESCAPE)}`;
