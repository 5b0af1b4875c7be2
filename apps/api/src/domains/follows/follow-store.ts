import type { RawBuilder } from 'kysely';
import { decrement, increment } from '../../db/counters.js';
import type { Db } from '../../db/database.js';
import { lockPair, refuseIfBlocked } from '../blocks/block-store.js';
import { refillTimeline } from '../feeds/following-timeline.js';
import { retierSearch } from '../search/search-terms.js';

/**
 * Follow edges are idempotent; both counters move only when the edge really changed (same transaction). A block
 * either way refuses the follow (403, ADR 069), checked under the pair's lock that a block takes too, so a block
 * and a follow at the same moment cannot leave a follow beside a block; a suspension too (404, ADR 076).
 */
export async function addFollow(db: Db, followerId: string, followeeId: string, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockPair(trx, followerId, followeeId);
    await refuseIfBlocked(trx, followerId, followeeId, 'follow this citizen');
    const inserted = await trx
      .insertInto('follows')
      .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
      .onConflict((conflict) => conflict.columns(['follower_id', 'followee_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) await moveCounters(trx, followerId, followeeId, increment);
    return followingCountOf(trx, followerId);
  });
}

export async function removeFollow(db: Db, followerId: string, followeeId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Under the pair's lock too: an unfollow must not end an edge a suspension has just taken off the counts.
    await lockPair(trx, followerId, followeeId);
    const deleted = await trx
      .deleteFrom('follows')
      .where('follower_id', '=', followerId)
      .where('followee_id', '=', followeeId)
      .executeTakeFirst();
    if (deleted.numDeletedRows > 0n) await moveCounters(trx, followerId, followeeId, decrement);
    return followingCountOf(trx, followerId);
  });
}

/**
 * The two citizen rows are updated in id order: two people following each other at the same moment would
 * otherwise lock them in opposite orders and deadlock on PostgreSQL.
 */
async function moveCounters(
  trx: Db,
  followerId: string,
  followeeId: string,
  change: (column: string) => RawBuilder<number>,
): Promise<void> {
  const updates = [
    { id: followeeId, counter: { followers_count: change('followers_count') } },
    { id: followerId, counter: { following_count: change('following_count') } },
  ].sort((x, y) => (x.id < y.id ? -1 : 1));
  const moved: { id: string; followers_count: number }[] = [];
  for (const { id, counter } of updates) {
    const row = await trx
      .updateTable('citizens')
      .set(counter)
      .where('id', '=', id)
      .returning(['id', 'followers_count'])
      .executeTakeFirst();
    if (row) moved.push(row);
  }
  // The followed citizen's standing in search moves with their followers, and the follower's timeline
  // with whom they follow (ADR 083).
  await retierSearch(
    trx,
    moved.filter((row) => row.id === followeeId),
  );
  await refillTimeline(trx, followerId, followeeId);
}

async function followingCountOf(db: Db, citizenId: string): Promise<number> {
  const row = await db
    .selectFrom('citizens')
    .select('following_count')
    .where('id', '=', citizenId)
    .executeTakeFirstOrThrow();
  return row.following_count;
}
