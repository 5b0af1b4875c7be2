import type { RawBuilder } from 'kysely';
import { decrement } from '../../db/counters.js';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { citizenNotFound, forbidden } from '../../http/errors.js';
import { refillPair } from '../feeds/following-timeline.js';
import { withdrawNotices } from '../notifications/notification-store.js';
import { retierSearch } from '../search/search-terms.js';

/** Whether a block stands between two citizens, either way: two probes of the blocks' key. */
export async function blockedBetween(db: Db, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The blocks standing between any of `these` and any of `those`, either way, in one query: each as `a blocked
 * b`. The batched form of blockedBetween, for a mention's citizens and a batch of notices.
 */
export async function blocksAmong(
  db: Db,
  these: readonly string[],
  those: readonly string[],
): Promise<{ blocker_id: string; blocked_id: string }[]> {
  if (these.length === 0 || those.length === 0) return [];
  return db
    .selectFrom('blocks')
    .select(['blocker_id', 'blocked_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', 'in', [...these]), eb('blocked_id', 'in', [...those])]),
        eb.and([eb('blocker_id', 'in', [...those]), eb('blocked_id', 'in', [...these])]),
      ]),
    )
    .execute();
}

/** The 403 of a graph change between two citizens a block stands between (ADR 069). */
export const blockedError = (what: string) =>
  forbidden('BLOCKED', `You cannot ${what}: one of you has blocked the other`);

/** Refuses (403) a graph change between two citizens a block stands between, either way. */
export async function refuseIfBlocked(db: Db, a: string, b: string, what: string): Promise<void> {
  if (await blockedBetween(db, a, b)) throw blockedError(what);
}

/**
 * Serialises the graph changes of one pair (blocks, follows, friend requests and friendships), and refuses (404, as
 * the lookups before it) a pair with a suspended citizen in it: the kept counts leave out the edges of a suspended
 * citizen (moderation/suspension-counts.ts, ADR 076), so no edge of theirs may appear or end while it stands, and
 * a suspension taken between the caller's lookup and this lock is seen here. PostgreSQL locks both citizen rows in
 * id order (so two pairs sharing a person cannot deadlock), in the weaker "no key update" mode so foreign-key
 * checks of unrelated writes (likes, follows) are not held up, and reads their suspension with the lock; SQLite
 * already runs one write transaction at a time.
 */
export async function lockPair(trx: Db, a: string, b: string): Promise<void> {
  let query = trx.selectFrom('citizens').select(['id', 'suspended_at']).where('id', 'in', [a, b]).orderBy('id');
  if (dialectOf(trx as never) === 'postgres') query = query.forNoKeyUpdate();
  const rows = await query.execute();
  if (rows.some((row) => row.suspended_at !== null)) throw citizenNotFound();
}

/**
 * Blocks `blockedId` for `blockerId` (idempotent), and in the same transaction ends every follow either way, the
 * friendship and any pending friend request between them, moving each kept count by what was really removed, so
 * the counts stay equal to a recount (docs/product.md §4, ADR 015, ADR 069). Answers whose notifications changed.
 */
export async function addBlock(db: Db, blockerId: string, blockedId: string, now: number): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await lockPair(trx, blockerId, blockedId);
    await trx
      .insertInto('blocks')
      .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
      .onConflict((conflict) => conflict.columns(['blocker_id', 'blocked_id']).doNothing())
      .execute();
    const follows = await trx
      .deleteFrom('follows')
      .where((eb) =>
        eb.or([
          eb.and([eb('follower_id', '=', blockerId), eb('followee_id', '=', blockedId)]),
          eb.and([eb('follower_id', '=', blockedId), eb('followee_id', '=', blockerId)]),
        ]),
      )
      .returning(['follower_id', 'followee_id'])
      .execute();
    const friendships = await trx
      .deleteFrom('friendships')
      .where((eb) =>
        eb.or([
          eb.and([eb('citizen_id', '=', blockerId), eb('friend_id', '=', blockedId)]),
          eb.and([eb('citizen_id', '=', blockedId), eb('friend_id', '=', blockerId)]),
        ]),
      )
      .executeTakeFirst();
    await trx
      .deleteFrom('friend_requests')
      .where((eb) =>
        eb.or([
          eb.and([eb('from_id', '=', blockerId), eb('to_id', '=', blockedId)]),
          eb.and([eb('from_id', '=', blockedId), eb('to_id', '=', blockerId)]),
        ]),
      )
      .execute();
    // Whatever either told the other goes too, read or not (ADR 077).
    const told = await withdrawNotices(trx, [
      { recipientId: blockerId, actorId: blockedId, unreadOnly: false },
      { recipientId: blockedId, actorId: blockerId, unreadOnly: false },
    ]);
    const wereFriends = friendships.numDeletedRows > 0n;
    // Each citizen's row once, in id order (as the pair was locked).
    const lostFollowers: { id: string; followers_count: number }[] = [];
    for (const id of [blockerId, blockedId].sort()) {
      const counts: {
        followers_count?: RawBuilder<number>;
        following_count?: RawBuilder<number>;
        friends_count?: RawBuilder<number>;
      } = {};
      if (follows.some((edge) => edge.followee_id === id)) counts.followers_count = decrement('followers_count');
      if (follows.some((edge) => edge.follower_id === id)) counts.following_count = decrement('following_count');
      if (wereFriends) counts.friends_count = decrement('friends_count');
      if (Object.keys(counts).length === 0) continue;
      const moved = await trx
        .updateTable('citizens')
        .set(counts)
        .where('id', '=', id)
        .returning(['id', 'followers_count'])
        .executeTakeFirst();
      if (moved && counts.followers_count) lostFollowers.push(moved);
    }
    // A follow ended by the block takes a follower off: their standing in search moves with it (ADR 083).
    await retierSearch(trx, lostFollowers);
    // Neither reads the other any more in the following feed (ADR 083).
    await refillPair(trx, blockerId, blockedId);
    return told;
  });
}

export async function removeBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
}

export async function addMute(db: Db, muterId: string, mutedId: string, now: number): Promise<void> {
  await db
    .insertInto('mutes')
    .values({ muter_id: muterId, muted_id: mutedId, created_at: now })
    .onConflict((conflict) => conflict.columns(['muter_id', 'muted_id']).doNothing())
    .execute();
}

export async function removeMute(db: Db, muterId: string, mutedId: string): Promise<void> {
  await db.deleteFrom('mutes').where('muter_id', '=', muterId).where('muted_id', '=', mutedId).execute();
}
