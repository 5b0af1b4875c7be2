import { decrement, increment } from '../../db/counters.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { newId } from '../../db/ids.js';
import { conflict } from '../../http/errors.js';
import { lockPair, refuseIfBlocked } from '../blocks/block-store.js';
import { refillPair } from '../feeds/following-timeline.js';

export const areFriends = async (db: Db, a: string, b: string): Promise<boolean> =>
  (await db
    .selectFrom('friendships')
    .select('citizen_id')
    .where('citizen_id', '=', a)
    .where('friend_id', '=', b)
    .executeTakeFirst()) !== undefined;

/** A pending request between two people, in either direction. */
export const pendingRequestBetween = (db: Db, a: string, b: string) =>
  db
    .selectFrom('friend_requests')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('from_id', '=', a), eb('to_id', '=', b)]),
        eb.and([eb('from_id', '=', b), eb('to_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();

export const findFriendRequest = (db: Db, requestId: string) =>
  db.selectFrom('friend_requests').selectAll().where('id', '=', requestId).executeTakeFirst();

/*
 * The friend-state changes of one pair are serialised by lockPair (blocks/block-store.ts): the unique (from, to)
 * key stops duplicates in one direction only; without the lock, requests sent both ways at the same moment would
 * both be created, and a request could be made beside a block being written.
 */

/** requested: one pending request per pair (either direction); 409 when pending or already friends. */
export async function createFriendRequest(db: Db, fromId: string, toId: string, now: number): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await lockPair(trx, fromId, toId);
    await refuseIfBlocked(trx, fromId, toId, 'send this citizen a friend request');
    if (await areFriends(trx, fromId, toId)) throw conflict('ALREADY_FRIENDS', 'You are friends already');
    const pending = await pendingRequestBetween(trx, fromId, toId);
    if (pending) {
      throw pending.from_id === fromId
        ? conflict('FRIEND_REQUEST_PENDING', 'You have already sent this person a friend request')
        : conflict('FRIEND_REQUEST_PENDING', 'This person has already sent you a friend request: approve it instead');
    }
    const id = newId(now);
    try {
      await trx.insertInto('friend_requests').values({ id, from_id: fromId, to_id: toId, created_at: now }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict('FRIEND_REQUEST_PENDING', 'You have already sent this person a friend request');
      }
      throw error;
    }
    return id;
  });
}

/** approved: the request is removed and both become friends, in one transaction. False if it was gone already. */
export async function acceptFriendRequest(db: Db, requestId: string, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const pending = await findFriendRequest(trx, requestId);
    if (!pending) return false;
    await lockPair(trx, pending.from_id, pending.to_id);
    const request = await trx
      .deleteFrom('friend_requests')
      .where('id', '=', requestId)
      .returningAll()
      .executeTakeFirst();
    if (!request) return false; // answered or withdrawn while we waited for the lock
    const inserted = await trx
      .insertInto('friendships')
      .values([
        { citizen_id: request.from_id, friend_id: request.to_id, created_at: now },
        { citizen_id: request.to_id, friend_id: request.from_id, created_at: now },
      ])
      .onConflict((c) => c.columns(['citizen_id', 'friend_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
      await trx
        .updateTable('citizens')
        .set({ friends_count: increment('friends_count') })
        .where('id', 'in', [request.from_id, request.to_id])
        .execute();
    }
    // Each now reads the other's friends-only posts (ADR 083).
    await refillPair(trx, request.from_id, request.to_id);
    return true;
  });
}

/** declined or cancelled: the request is simply removed. False if it was gone already. */
export async function removeFriendRequest(db: Db, requestId: string): Promise<boolean> {
  const deleted = await db.deleteFrom('friend_requests').where('id', '=', requestId).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** Both directions go in one transaction; counters move only if the friendship existed. */
export async function endFriendship(db: Db, a: string, b: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockPair(trx, a, b);
    const deleted = await trx
      .deleteFrom('friendships')
      .where((eb) =>
        eb.or([
          eb.and([eb('citizen_id', '=', a), eb('friend_id', '=', b)]),
          eb.and([eb('citizen_id', '=', b), eb('friend_id', '=', a)]),
        ]),
      )
      .executeTakeFirst();
    if (deleted.numDeletedRows > 0n) {
      await trx
        .updateTable('citizens')
        .set({ friends_count: decrement('friends_count') })
        .where('id', 'in', [a, b])
        .execute();
    }
    await refillPair(trx, a, b);
  });
}
