import { decrement, increment } from '../../db/counters.js';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { retierSearch } from '../search/search-terms.js';

/*
 * The kept counts of a citizen (`followers_count`, `following_count`, `friends_count`) count their edges with
 * citizens who are not suspended (ADR 076): a suspended citizen is listed nowhere (people/graph-filters.ts
 * `listedFor`), so "12 Followers" must not open a list of 11. A suspension takes the suspended citizen's edges off
 * the counts of the people at their other end, and lifting it puts them back, in the decision's transaction; no
 * edge of a suspended citizen appears or ends meanwhile (blocks/block-store.ts `lockPair` refuses the pair). The
 * suspended citizen's own counts stay as they were: they count the others, who are not suspended.
 */

/** Thrown when an edge of the citizen appeared between reading their neighbours and locking them: take it again. */
export class NeighboursMoved extends Error {
  constructor() {
    super('The citizen gained a follow or a friend while their suspension was being written');
  }
}

/** Everyone at the other end of one of the citizen's follows (either way) or friendships. */
const neighbours = (trx: Db, citizenId: string) =>
  trx
    .selectFrom('follows')
    .select('followee_id as id')
    .where('follower_id', '=', citizenId)
    .union(trx.selectFrom('follows').select('follower_id as id').where('followee_id', '=', citizenId))
    .union(trx.selectFrom('friendships').select('friend_id as id').where('citizen_id', '=', citizenId));

/**
 * Locks the citizen and everyone whose counts their suspension moves, in id order, as `lockPair` locks a pair, so
 * a suspension and a follow between two of them cannot wait on each other. The neighbours are read before the
 * citizen's own row is locked; should a follow or friendship of theirs have been written in between, the caller
 * starts again (`NeighboursMoved`) rather than lock that newcomer out of order. SQLite writes one transaction at a
 * time and needs none of it.
 */
export async function lockWithNeighbours(trx: Db, citizenId: string): Promise<void> {
  if (dialectOf(trx as never) !== 'postgres') return;
  const locked = await trx
    .selectFrom('citizens')
    .select('id')
    // One `in` over the union (not `id = … or id in …`, which PostgreSQL answers by scanning every citizen).
    .where(
      'id',
      'in',
      neighbours(trx, citizenId).union(trx.selectFrom('citizens').select('id').where('id', '=', citizenId)),
    )
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  const lockedIds = new Set(locked.map((row) => row.id));
  // With the citizen's row held, no edge of theirs can be written (lockPair), so this read stands.
  const current = await neighbours(trx, citizenId).execute();
  if (current.some((row) => !lockedIds.has(row.id))) throw new NeighboursMoved();
}

/**
 * Moves the counts of everyone at the other end of the citizen's edges by one each: down when the citizen is
 * suspended (`leave`), up when the suspension is lifted (`return`).
 */
export async function moveNeighbourCounts(trx: Db, citizenId: string, move: 'leave' | 'return'): Promise<void> {
  const change = move === 'leave' ? decrement : increment;
  const followed = await trx
    .updateTable('citizens')
    .set({ followers_count: change('followers_count') })
    .where('id', 'in', trx.selectFrom('follows').select('followee_id').where('follower_id', '=', citizenId))
    .returning(['id', 'followers_count'])
    .execute();
  await trx
    .updateTable('citizens')
    .set({ following_count: change('following_count') })
    .where('id', 'in', trx.selectFrom('follows').select('follower_id').where('followee_id', '=', citizenId))
    .execute();
  await trx
    .updateTable('citizens')
    .set({ friends_count: change('friends_count') })
    .where('id', 'in', trx.selectFrom('friendships').select('friend_id').where('citizen_id', '=', citizenId))
    .execute();
  // The standing in search of those they follow moves with their followers (ADR 083).
  await retierSearch(trx, followed);
}
