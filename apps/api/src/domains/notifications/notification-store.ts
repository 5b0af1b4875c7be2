import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { newId } from '../../db/ids.js';
import type { Database } from '../../db/tables/index.js';
import type { Notice } from './notice.js';

/** A recipient's group, as the tables key it. */
export interface GroupRef {
  recipientId: string;
  groupKey: string;
}

/** A line's key in maps of lines: its recipient and its group. */
export const lineRef = (recipientId: string, groupKey: string): string => `${recipientId} ${groupKey}`;

/** One of the given groups, as a condition on a table with `recipient_id` and `group_key` (an `or` of pairs). */
const oneOfGroups =
  <T extends 'notifications' | 'notification_groups'>(groups: readonly GroupRef[]) =>
  (eb: ExpressionBuilder<Database, T>) =>
    eb.or(
      groups.map((group) =>
        eb.and([
          eb(eb.ref('recipient_id' as never), '=', group.recipientId as never),
          eb(eb.ref('group_key' as never), '=', group.groupKey as never),
        ]),
      ),
    );

/**
 * Writes notices that passed whoIsTold, in two statements however many: their rows (a repeat of the same actor
 * in the same group is already there and tells nothing new), then each group they joined, moved by what was
 * really written: as many actors more, and the newest row's id and time, so the group rises to the top of the
 * list and reads as unread. Groups are written in key order, as every batch writes them. Run inside the
 * caller's transaction. The answer is the groups that changed (a repeat changes none).
 */
export async function writeNotices(trx: Db, notices: readonly Notice[]): Promise<GroupRef[]> {
  if (notices.length === 0) return [];
  const inserted = await trx
    .insertInto('notifications')
    .values(
      notices.map((notice) => ({
        id: newId(notice.at),
        recipient_id: notice.recipientId,
        group_key: notice.groupKey,
        actor_id: notice.actorId,
        created_at: notice.at,
      })),
    )
    .onConflict((conflict) => conflict.columns(['recipient_id', 'actor_id', 'group_key']).doNothing())
    .returning(['id', 'recipient_id', 'group_key', 'created_at'])
    .execute();
  if (inserted.length === 0) return [];
  const noticeOf = new Map(notices.map((notice) => [lineRef(notice.recipientId, notice.groupKey), notice]));
  const groups = new Map<
    string,
    { recipient_id: string; group_key: string; latest_id: string; latest_at: number; actor_count: number }
  >();
  for (const row of inserted) {
    const ref = lineRef(row.recipient_id, row.group_key);
    const group = groups.get(ref);
    const at = Number(row.created_at);
    if (!group) {
      groups.set(ref, {
        recipient_id: row.recipient_id,
        group_key: row.group_key,
        latest_id: row.id,
        latest_at: at,
        actor_count: 1,
      });
      continue;
    }
    group.actor_count += 1;
    if (row.id > group.latest_id) group.latest_id = row.id;
    if (at > group.latest_at) group.latest_at = at;
  }
  const values = [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([ref, group]) => {
      const notice = noticeOf.get(ref) as Notice;
      return { ...group, kind: notice.kind, post_id: notice.postId };
    });
  await trx
    .insertInto('notification_groups')
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(['recipient_id', 'group_key']).doUpdateSet((eb) => ({
        actor_count: eb('notification_groups.actor_count', '+', eb.ref('excluded.actor_count')),
        latest_id: sql<string>`case when excluded.latest_id > notification_groups.latest_id
          then excluded.latest_id else notification_groups.latest_id end`,
        latest_at: sql<number>`case when excluded.latest_at > notification_groups.latest_at
          then excluded.latest_at else notification_groups.latest_at end`,
      })),
    )
    .execute();
  return values.map((group) => ({ recipientId: group.recipient_id, groupKey: group.group_key }));
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
 * Takes back what actors told recipients, in one delete however many, and recounts each group it touched: a
 * group left with nobody goes, the others keep their newest remaining row's id and time. Run inside the
 * caller's transaction; answers the recipients whose lines changed, for the caller to ring once it commits.
 */
export async function withdrawNotices(trx: Db, withdrawals: readonly Withdrawal[]): Promise<string[]> {
  if (withdrawals.length === 0) return [];
  const readers = [...new Set(withdrawals.filter((w) => w.unreadOnly).map((w) => w.recipientId))];
  const marks = new Map<string, string | null>();
  if (readers.length > 0) {
    const rows = await trx
      .selectFrom('notification_settings')
      .select(['citizen_id', 'read_up_to'])
      .where('citizen_id', 'in', readers)
      .execute();
    for (const row of rows) marks.set(row.citizen_id, row.read_up_to);
  }
  const removed = await trx
    .deleteFrom('notifications')
    .where((eb) =>
      eb.or(
        withdrawals.map((withdrawal) => {
          const conditions = [eb('recipient_id', '=', withdrawal.recipientId), eb('actor_id', '=', withdrawal.actorId)];
          if (withdrawal.key !== undefined) conditions.push(eb('group_key', '=', withdrawal.key));
          if (withdrawal.prefix !== undefined) conditions.push(eb('group_key', 'like', `${withdrawal.prefix}%`));
          const mark = withdrawal.unreadOnly ? marks.get(withdrawal.recipientId) : undefined;
          if (mark) conditions.push(eb('id', '>', mark));
          return eb.and(conditions);
        }),
      ),
    )
    .returning(['recipient_id', 'group_key'])
    .execute();
  const touched = new Map(
    removed.map((row) => [
      lineRef(row.recipient_id, row.group_key),
      { recipientId: row.recipient_id, groupKey: row.group_key },
    ]),
  );
  await recountGroups(
    trx,
    [...touched.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, group]) => group),
  );
  return recipientsOf(removed);
}

/** Whose lines a removal changed, each once: their streams are rung when it commits. */
const recipientsOf = (rows: readonly { recipient_id: string }[]) => [...new Set(rows.map((row) => row.recipient_id))];

/**
 * Groups after some of their rows went: gone when empty, otherwise their count and newest row read again. On
 * PostgreSQL the groups' rows are locked first (in key order, as every batch takes them), so a notice joining a
 * group meanwhile either counted before the lock (and is seen by the recount, a statement after it) or adds its
 * one after the recount.
 */
async function recountGroups(trx: Db, groups: readonly GroupRef[]): Promise<void> {
  if (groups.length === 0) return;
  if (dialectOf(trx as never) === 'postgres') {
    await trx
      .selectFrom('notification_groups')
      .select('latest_id')
      .where(oneOfGroups<'notification_groups'>(groups))
      .orderBy('recipient_id')
      .orderBy('group_key')
      .forUpdate()
      .execute();
  }
  // (PostgreSQL has no max() of a uuid: each group's newest row is ranked first instead.)
  const ranked = trx
    .selectFrom('notifications')
    .select(['recipient_id', 'group_key', 'id', 'created_at'])
    .select((eb) => [
      eb.fn
        .agg<number>('row_number')
        .over((over) => over.partitionBy(['recipient_id', 'group_key']).orderBy('id', 'desc'))
        .as('rank'),
      eb.fn
        .agg<number | string>('count', [eb.lit(1)])
        .over((over) => over.partitionBy(['recipient_id', 'group_key']))
        .as('actors'),
    ])
    .where(oneOfGroups<'notifications'>(groups))
    .as('ranked');
  const left = await trx.selectFrom(ranked).selectAll().where('rank', '=', 1).execute();
  const leftOf = new Map(left.map((row) => [lineRef(row.recipient_id, row.group_key), row]));
  const emptied = groups.filter((group) => !leftOf.has(lineRef(group.recipientId, group.groupKey)));
  if (emptied.length > 0) {
    await trx.deleteFrom('notification_groups').where(oneOfGroups<'notification_groups'>(emptied)).execute();
  }
  for (const row of left) {
    await trx
      .updateTable('notification_groups')
      .set({ actor_count: Number(row.actors), latest_id: row.id, latest_at: Number(row.created_at) })
      .where('recipient_id', '=', row.recipient_id)
      .where('group_key', '=', row.group_key)
      .execute();
  }
}

/** Every notification about a post, read or not, for everyone (the post was deleted); answers whose they were. */
export async function removeNoticesOfPost(trx: Db, postId: string): Promise<string[]> {
  const removed = await trx
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
    .returning('recipient_id')
    .execute();
  await trx.deleteFrom('notification_groups').where('post_id', '=', postId).execute();
  return recipientsOf(removed);
}

/** The read mark as a statement of its own, or as a subquery read beside other things (the list's page). */
export const readMarkQuery = (db: Db, citizenId: string) =>
  db.selectFrom('notification_settings').select('read_up_to').where('citizen_id', '=', citizenId);

/** The newest notification a citizen has read (null: none yet). */
export async function readMarkOf(db: Db, citizenId: string): Promise<string | null> {
  return (await readMarkQuery(db, citizenId).executeTakeFirst())?.read_up_to ?? null;
}
