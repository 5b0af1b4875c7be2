import { decrement, increment } from '../../db/counters.js';
import type { Db } from '../../db/database.js';

/** Follow edges are idempotent; both counters move only when the edge really changed (same transaction). */
export async function addFollow(db: Db, followerId: string, followeeId: string, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('follows')
      .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
      .onConflict((conflict) => conflict.columns(['follower_id', 'followee_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
      await trx
        .updateTable('citizens')
        .set({ followers_count: increment('followers_count') })
        .where('id', '=', followeeId)
        .execute();
      await trx
        .updateTable('citizens')
        .set({ following_count: increment('following_count') })
        .where('id', '=', followerId)
        .execute();
    }
    return followingCountOf(trx, followerId);
  });
}

export async function removeFollow(db: Db, followerId: string, followeeId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('follows')
      .where('follower_id', '=', followerId)
      .where('followee_id', '=', followeeId)
      .executeTakeFirst();
    if (deleted.numDeletedRows > 0n) {
      await trx
        .updateTable('citizens')
        .set({ followers_count: decrement('followers_count') })
        .where('id', '=', followeeId)
        .execute();
      await trx
        .updateTable('citizens')
        .set({ following_count: decrement('following_count') })
        .where('id', '=', followerId)
        .execute();
    }
    return followingCountOf(trx, followerId);
  });
}

async function followingCountOf(db: Db, citizenId: string): Promise<number> {
  const row = await db
    .selectFrom('citizens')
    .select('following_count')
    .where('id', '=', citizenId)
    .executeTakeFirstOrThrow();
  return row.following_count;
}
