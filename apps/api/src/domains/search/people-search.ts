import type { PersonView } from '@civitas/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { isFollowedBy, listedFor } from '../people/graph-filters.js';
import { personColumns, personView, type Relations } from '../people/person.js';
import { loadRelations } from '../people/relations.js';
import { citizensWithTermStarting, foldName } from './search-terms.js';

export interface PeopleSearch {
  /** The citizen searching; null for a guest. */
  viewerId: string | null;
  q: string;
  limit: number;
  offset: number;
}

const nobody: Relations = { following: new Set(), friends: new Set() };

/**
 * People found by `q` (ADR 082): anyone with a term starting with it, nobody pending, suspended or with a block
 * between them and the viewer (`listedFor`, the rule of every people list). Ranked: the exact username first, then
 * (for a citizen) the people they follow, then the most followed, then by username, so the order is total and
 * offset pages neither repeat nor skip anyone while it holds. One more row than asked says whether a page follows.
 */
export async function searchPeople(db: Db, search: PeopleSearch): Promise<{ data: PersonView[]; more: boolean }> {
  const { viewerId, q, limit, offset } = search;
  const exact = foldName(q);
  let query = db
    .selectFrom('citizens')
    .select(personColumns)
    .where('citizens.id', 'in', citizensWithTermStarting(db, q))
    .where('citizens.pending_until', 'is', null)
    .where(viewerId ? listedFor(db, viewerId) : (eb) => eb('citizens.suspended_at', 'is', null))
    .orderBy(sql`case when citizens.username_key = ${exact} then 0 else 1 end`);
  if (viewerId) {
    query = query.orderBy((eb) => sql`case when ${eb.exists(isFollowedBy(db, viewerId))} then 0 else 1 end`);
  }
  const rows = await query
    .orderBy('citizens.followers_count', 'desc')
    .orderBy('citizens.username_key', 'asc')
    .limit(limit + 1)
    .offset(offset)
    .execute();
  const page = rows.slice(0, limit);
  const relations = viewerId
    ? await loadRelations(
        db,
        viewerId,
        page.map((row) => row.id),
      )
    : nobody;
  return { data: page.map((row) => personView(row, relations)), more: rows.length > limit };
}
