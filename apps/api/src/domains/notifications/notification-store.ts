import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { newId } from '../../db/ids.js';
import type { Notice } from './notice.js';

/**
 * Writes notices that passed whoIsTold: each a row of `notifications` (a repeat of the same actor in the same
 * group is already there and tells nothing new), and its group moved: one actor more, and the newest row's id
 * and time, so the group rises to the top of the list and reads as unread. Run inside the caller's transaction.
 */
export async function writeNotices(trx: Db, notices: readonly Notice[]): Promise<void> {
  for (const notice of notices) {
    const id = newId(notice.at);
    const inserted = await trx
      .insertInto('notifications')
      .values({
        id,
        recipient_id: notice.recipientId,
        group_key: notice.groupKey,
        actor_id: notice.actorId,
        created_at: notice.at,
      })
      .onConflict((conflict) => conflict.columns(['recipient_id', 'actor_id', 'group_key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue;
    await trx
      .insertInto('notification_groups')
      .values({
        recipient_id: notice.recipientId,
        group_key: notice.groupKey,
        kind: notice.kind,
        post_id: notice.postId,
        latest_id: id,
        latest_at: notice.at,
        actor_count: 1,
      })
      .onConflict((conflict) =>
        conflict.columns(['recipient_id', 'group_key']).doUpdateSet((eb) => ({
          actor_count: eb('notification_groups.actor_count', '+', 1),
          latest_id: sql<string>`case when excluded.latest_id > notification_groups.latest_id
            then excluded.latest_id else notification_groups.latest_id end`,
          latest_at: sql<number>`case when excluded.latest_at > notification_groups.latest_at
            then excluded.latest_at else notification_groups.latest_at end`,
        })),
      )
      .execute();
  }
}

/** Which of a recipient's notifications from one actor a withdrawal takes. */
export interface Withdrawal {
  recipientId: string;
  actorId: string;
  /** One group (`key`), every group whose key starts so (`prefix`), or every group (neither). */
  key?: string;
  prefix?: string;
  /** Only what the recipient has not read yet (an undone action); a block takes everything. */
  unreadOnly: boolean;
}

/**
 * Takes back what an actor told a recipient, and recounts each group it touched: a group left with nobody goes,
 * the others keep their newest remaining row's id and time. Run inside the caller's transaction.
 */
export async function withdrawNotices(trx: Db, withdrawal: Withdrawal): Promise<void> {
  const readUpTo = withdrawal.unreadOnly ? await readMarkOf(trx, withdrawal.recipientId) : null;
  let removal = trx
    .deleteFrom('notifications')
    .where('recipient_id', '=', withdrawal.recipientId)
    .where('actor_id', '=', withdrawal.actorId);
  if (withdrawal.key !== undefined) removal = removal.where('group_key', '=', withdrawal.key);
  if (withdrawal.prefix !== undefined) removal = removal.where('group_key', 'like', `${withdrawal.prefix}%`);
  if (readUpTo !== null) removal = removal.where('id', '>', readUpTo);
  const removed = await removal.returning('group_key').execute();
  for (const groupKey of new Set(removed.map((row) => row.group_key))) {
    await recountGroup(trx, withdrawal.recipientId, groupKey);
  }
}

/**
 * A group after some of its rows went: gone when empty, otherwise its count and newest row read again. On
 * PostgreSQL the group's row is locked first, so a notice joining the group meanwhile either counted before the
 * lock (and is seen by the recount, a statement after it) or adds its one after the recount.
 */
async function recountGroup(trx: Db, recipientId: string, groupKey: string): Promise<void> {
  if (dialectOf(trx as never) === 'postgres') {
    await trx
      .selectFrom('notification_groups')
      .select('latest_id')
      .where('recipient_id', '=', recipientId)
      .where('group_key', '=', groupKey)
      .forUpdate()
      .execute();
  }
  const newest = await trx
    .selectFrom('notifications')
    .select(['id', 'created_at'])
    .where('recipient_id', '=', recipientId)
    .where('group_key', '=', groupKey)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!newest) {
    await trx
      .deleteFrom('notification_groups')
      .where('recipient_id', '=', recipientId)
      .where('group_key', '=', groupKey)
      .execute();
    return;
  }
  // (PostgreSQL has no max() of a uuid: the newest row is read on the index instead.)
  const left = await trx
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('actors'))
    .where('recipient_id', '=', recipientId)
    .where('group_key', '=', groupKey)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('notification_groups')
    .set({ actor_count: Number(left.actors), latest_id: newest.id, latest_at: Number(newest.created_at) })
    .where('recipient_id', '=', recipientId)
    .where('group_key', '=', groupKey)
    .execute();
}

/** Every notification about a post, read or not, for everyone (the post was deleted). */
export async function removeNoticesOfPost(trx: Db, postId: string): Promise<void> {
  await trx
    .deleteFrom('notifications')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('notification_groups as about')
          .select('about.group_key')
          .where('about.post_id', '=', postId)
          .whereRef('about.recipient_id', '=', 'notifications.recipient_id')
          .whereRef('about.group_key', '=', 'notifications.group_key'),
      ),
    )
    .execute();
  await trx.deleteFrom('notification_groups').where('post_id', '=', postId).execute();
}

/** The newest notification a citizen has read (null: none yet). */
export async function readMarkOf(db: Db, citizenId: string): Promise<string | null> {
  const row = await db
    .selectFrom('notification_settings')
    .select('read_up_to')
    .where('citizen_id', '=', citizenId)
    .executeTakeFirst();
  return row?.read_up_to ?? null;
}
