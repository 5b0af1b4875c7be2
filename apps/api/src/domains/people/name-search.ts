import type { Db } from '../../db/database.js';
import { citizensWithPrefix } from '../search/search-terms.js';

/**
 * Ids of the citizens whose username, display name, or a later word of it starts with `keyword`, accents and case
 * ignored (ADR 082: the prefixes of domains/search/search-terms.ts; past their length, a longer keyword finds those
 * whose terms start with its first characters), pending accounts and suspended citizens left out.
 */
export function citizensNamed(db: Db, keyword: string) {
  return db
    .selectFrom('citizens')
    .select('citizens.id')
    .where('citizens.id', 'in', citizensWithPrefix(db, keyword))
    .where('citizens.pending_until', 'is', null)
    .where('citizens.suspended_at', 'is', null);
}
