import type { PersonView } from '@civitas/contract';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/tables/index.js';
import { listedFor } from '../people/graph-filters.js';
import { type PersonRow, personColumns, personView, type Relations } from '../people/person.js';
import { loadRelations } from '../people/relations.js';
import { foldName, MAX_PREFIX_LENGTH, prefixOf, startsATerm } from './search-terms.js';

export interface PeopleSearch {
  /** The citizen searching; null for a guest. */
  viewerId: string | null;
  q: string;
  limit: number;
  offset: number;
}

/** How many citizens sharing a query's first MAX_PREFIX_LENGTH characters are read to check it whole. */
const LONG_QUERY_READ = 1000;

const nobody: Relations = { following: new Set(), friends: new Set() };

/**
 * People found by `q` (ADR 082): anyone with a term starting with it, nobody pending, suspended or with a block
 * between them and the viewer (`listedFor`, the rule of every people list). Ranked: the exact username first, then
 * (for a citizen) the people they follow, then the rest, each of the last two by search tier (followers, to a quarter
 * of a doubling), then username: a total order, so offset pages neither repeat nor skip anyone while it holds. The
 * rest is read in that order from one index, as far as the page needs.
 */
export async function searchPeople(db: Db, search: PeopleSearch): Promise<{ data: PersonView[]; more: boolean }> {
  const { viewerId, q, limit, offset } = search;
  const [exact, followed] = await Promise.all([
    exactUsername(db, search),
    viewerId ? followedMatches(db, viewerId, q).execute() : Promise.resolve([]),
  ]);
  const first = [...new Map([...exact, ...followed].map((row) => [row.id, row])).values()];
  const taken = new Set(first.map((row) => row.id));
  // As many of the rest as the page needs past those ranked first (whom the rest holds again); past the kept
  // prefix length, every match of the first MAX_PREFIX_LENGTH characters (few share that much), each checked whole.
  const long = [...q].length > MAX_PREFIX_LENGTH;
  const rest = await rankedMatches(db, search, long ? LONG_QUERY_READ : offset + limit + 1 + first.length).execute();
  const whole = (row: PersonRow & { display_name: string }) => !long || startsATerm(q, row);
  const ranked = [...first, ...rest.filter((row) => !taken.has(row.id))].filter(whole);
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

/** Who may be listed to the viewer: nobody pending, and `listedFor` (suspensions, blocks either way). */
const listedTo = (db: Db, viewerId: string | null) => (eb: ExpressionBuilder<Database, 'citizens'>) =>
  eb.and([
    eb('citizens.pending_until', 'is', null),
    viewerId ? listedFor(db, viewerId)(eb) : eb('citizens.suspended_at', 'is', null),
  ]);

const columns = [...personColumns, 'citizens.display_name'] as const;

/** The citizen whose username is `q` itself (usernames are ASCII, so the folded `q` is its key). */
const exactUsername = (db: Db, { viewerId, q }: PeopleSearch) =>
  db
    .selectFrom('citizens')
    .select(columns)
    .where('citizens.username_key', '=', foldName(q))
    .where(listedTo(db, viewerId))
    .execute();

/**
 * The people the viewer follows who have the prefix: one probe of the prefixes' key per person followed, and only
 * those with it read further. The cross joins keep that order on SQLite, whose planner, without statistics, would
 * otherwise walk every citizen with the prefix asking each whether the viewer follows them (thousands of rows for a
 * common first letter).
 */
export const followedMatches = (db: Db, viewerId: string, q: string) =>
  db
    .selectFrom('follows')
    .crossJoin('citizen_search_prefixes as match')
    .crossJoin('citizens')
    .select(columns)
    .where('follows.follower_id', '=', viewerId)
    .whereRef('match.citizen_id', '=', 'follows.followee_id')
    .whereRef('citizens.id', '=', 'follows.followee_id')
    .where('match.prefix', '=', prefixOf(q))
    .where(listedTo(db, viewerId))
    .orderBy('match.tier', 'desc')
    .orderBy('match.username_key', 'asc');

/**
 * Everyone with the prefix, in rank order, as far as `count`: one range of citizen_search_prefixes_rank (prefix,
 * tier desc, username), each row's citizen read by its key and checked as it comes, so the read stops with the page.
 */
export const rankedMatches = (db: Db, { viewerId, q }: PeopleSearch, count: number) =>
  db
    .selectFrom('citizen_search_prefixes as match')
    .innerJoin('citizens', 'citizens.id', 'match.citizen_id')
    .select(columns)
    .where('match.prefix', '=', prefixOf(q))
    .where(listedTo(db, viewerId))
    .orderBy('match.tier', 'desc')
    .orderBy('match.username_key', 'asc')
    .limit(count);
