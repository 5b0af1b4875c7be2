import type { PersonView } from '@civitas/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/tables/index.js';
import { listedFor } from '../people/graph-filters.js';
import { type PersonRow, personColumns, personView, type Relations } from '../people/person.js';
import { loadRelations } from '../people/relations.js';
import { citizensWithTermStarting, foldName, termEnd } from './search-terms.js';

export interface PeopleSearch {
  /** The citizen searching; null for a guest. */
  viewerId: string | null;
  q: string;
  limit: number;
  offset: number;
}

const nobody: Relations = { following: new Set(), friends: new Set() };

/**
 * Below this many terms starting with `q`, the matches are read by the terms' key and ranked; from it on, citizens
 * are walked from the most followed down, each asked whether a term of theirs starts with `q`, until the page is
 * full. Either way a search reads about this many rows at most: "a" matches a crowd, whose most followed are near
 * the top of the walk; "alice_arch" a handful, read at once.
 */
export const FEW_MATCHES = 1_000;

/**
 * People found by `q` (ADR 082): anyone with a term starting with it, nobody pending, suspended or with a block
 * between them and the viewer (`listedFor`, the rule of every people list). Ranked: the exact username first, then
 * (for a citizen) the people they follow, then the most followed, then by username, so the order is total and
 * offset pages neither repeat nor skip anyone while it holds. One more row than asked says whether a page follows.
 */
export async function searchPeople(db: Db, search: PeopleSearch): Promise<{ data: PersonView[]; more: boolean }> {
  const { viewerId, limit, offset } = search;
  const [exact, followed, few] = await Promise.all([
    exactUsername(db, search),
    viewerId ? followedMatches(db, viewerId, search.q) : Promise.resolve([]),
    fewerMatchesThan(db, search.q, FEW_MATCHES),
  ]);
  const first = uniqueById([...exact, ...followed]);
  const taken = new Set(first.map((row) => row.id));
  // As many of the rest as the page needs past those already ranked first (which the rest holds again).
  const restQuery = few ? matchesByKey : matchesByPopularity;
  const rest = await restQuery(db, search, offset + limit + 1 + first.length).execute();
  const ranked = [...first, ...rest.filter((row) => !taken.has(row.id))];
  const page = ranked.slice(offset, offset + limit);
  const relations = viewerId
    ? await loadRelations(
        db,
        viewerId,
        page.map((row) => row.id),
      )
    : nobody;
  return { data: page.map((row) => personView(row, relations)), more: ranked.length > offset + limit };
}

const uniqueById = (rows: PersonRow[]) => [...new Map(rows.map((row) => [row.id, row])).values()];

/** Who may be listed to the viewer: nobody pending, and `listedFor` (suspensions, blocks either way). */
const listedTo = (db: Db, viewerId: string | null) => (eb: ExpressionBuilder<Database, 'citizens'>) =>
  eb.and([
    eb('citizens.pending_until', 'is', null),
    viewerId ? listedFor(db, viewerId)(eb) : eb('citizens.suspended_at', 'is', null),
  ]);

/** A term of the citizen's starts with `q`: one range of their own terms (citizen_search_terms_citizen). */
const hasTermStarting = (db: Db, q: string) => (eb: ExpressionBuilder<Database, 'citizens'>) => {
  const start = foldName(q);
  return eb.exists(
    db
      .selectFrom('citizen_search_terms as own')
      .select('own.citizen_id')
      .where('own.citizen_id', '=', sql.ref<string>('citizens.id'))
      .where('own.term', '>=', start)
      .where('own.term', '<', termEnd(start)),
  );
};

/** The citizen whose username is `q` itself (usernames are ASCII, so the folded `q` is its key). */
const exactUsername = (db: Db, { viewerId, q }: PeopleSearch) =>
  db
    .selectFrom('citizens')
    .select(personColumns)
    .where('citizens.username_key', '=', foldName(q))
    .where(listedTo(db, viewerId))
    .execute();

/** The people the viewer follows who match, most followed first: one probe of their terms per person followed. */
const followedMatches = (db: Db, viewerId: string, q: string) =>
  db
    .selectFrom('follows')
    .innerJoin('citizens', 'citizens.id', 'follows.followee_id')
    .select(personColumns)
    .where('follows.follower_id', '=', viewerId)
    .where(hasTermStarting(db, q))
    .where(listedTo(db, viewerId))
    .orderBy('citizens.followers_count', 'desc')
    .orderBy('citizens.username_key', 'asc')
    .execute();

/** Whether fewer than `count` terms start with `q`: at most `count` entries of the terms' key are read, and counted there. */
async function fewerMatchesThan(db: Db, q: string, count: number): Promise<boolean> {
  const { found } = await db
    .selectFrom(citizensWithTermStarting(db, q).limit(count).as('matching'))
    .select((eb) => eb.fn.countAll<number>().as('found'))
    .executeTakeFirstOrThrow();
  return Number(found) < count;
}

/** A few matches: read by the terms' key, then ranked by followers. */
export const matchesByKey = (db: Db, { viewerId, q }: PeopleSearch, count: number) =>
  db
    .selectFrom('citizens')
    .select(personColumns)
    .where('citizens.id', 'in', citizensWithTermStarting(db, q))
    .where(listedTo(db, viewerId))
    .orderBy('citizens.followers_count', 'desc')
    .orderBy('citizens.username_key', 'asc')
    .limit(count);

/**
 * Many matches: citizens walked in rank order (the citizens_rank index: most followers, then username), each asked
 * for a term starting with `q`, until `count` are found: the planners walk the index for the order and stop at the
 * limit.
 */
export const matchesByPopularity = (db: Db, { viewerId, q }: PeopleSearch, count: number) =>
  db
    .selectFrom('citizens')
    .select(personColumns)
    .where(hasTermStarting(db, q))
    .where(listedTo(db, viewerId))
    .orderBy('citizens.followers_count', 'desc')
    .orderBy('citizens.username_key', 'asc')
    .limit(count);
