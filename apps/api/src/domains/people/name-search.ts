import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DialectName } from '../../db/dialect.js';
import { likePattern, prefixPattern } from './like-pattern.js';

/**
 * The display name from its second word on ("archer" in "alice archer"). It must stay character for
 * character the expression of the `citizens_second_name_prefix` index (migration 003), or the index is
 * not used. Only the second word is indexed: a third word ("smith" in "mary ann smith") is not searched.
 */
const secondWordOn = (dialect: DialectName): RawBuilder<string> =>
  sql.raw<string>(
    dialect === 'postgres'
      ? "substr(display_name_key, strpos(display_name_key, ' ') + 1)"
      : "substr(display_name_key, instr(display_name_key, ' ') + 1)",
  );

/**
 * Ids of the citizens whose username, display name, or display name from its second word on starts with
 * `keyword`. A union of three index range scans: an OR of the three would read the whole table.
 */
export function citizensNamed(db: Db, dialect: DialectName, keyword: string) {
  const pattern = prefixPattern(keyword);
  const matching = (expression: RawBuilder<string>) =>
    db
      .selectFrom('citizens')
      .select('id')
      .where(likePattern(expression, pattern))
      .where('pending_until', 'is', null)
      .where('suspended_at', 'is', null);
  return matching(sql.ref('username_key'))
    .union(matching(sql.ref('display_name_key')))
    .union(matching(secondWordOn(dialect)));
}
