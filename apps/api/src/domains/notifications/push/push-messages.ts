import { createHmac } from 'node:crypto';
import type { NotificationPush } from '@civitas/contract';
import type { AppContext } from '../../../context.js';
import { oneOf } from '../../../db/id-list.js';
import type { GroupRef } from '../notification-store.js';

type MessageContext = Pick<AppContext, 'db' | 'dialect' | 'keys'>;

const refOf = (recipientId: string, groupKey: string) => `${recipientId} ${groupKey}`;

/**
 * What each recipient's devices are pushed after a batch (ADR 079): of the lines the batch changed for them, the
 * newest they have not read, with its newest actor who may be named and their unread count. Three reads for the
 * whole batch, whatever the number of recipients: the lines (with each recipient's read mark), their newest
 * actors, the unread counts. A recipient whose changed lines are all read already (a notice dated before their
 * mark) is pushed nothing.
 */
export async function pushMessages(
  ctx: MessageContext,
  changed: readonly GroupRef[],
): Promise<Map<string, NotificationPush>> {
  const messages = new Map<string, NotificationPush>();
  if (changed.length === 0) return messages;
  const wanted = new Set(changed.map((group) => refOf(group.recipientId, group.groupKey)));
  const recipients = [...new Set(changed.map((group) => group.recipientId))];
  const keys = [...new Set(changed.map((group) => group.groupKey))];
  // Recipients and keys are read as two lists (a list of pairs is an `or` per pair), and the pairs picked here.
  const rows = await ctx.db
    .selectFrom('notification_groups')
    .leftJoin('notification_settings', 'notification_settings.citizen_id', 'notification_groups.recipient_id')
    .select([
      'notification_groups.recipient_id',
      'notification_groups.group_key',
      'notification_groups.kind',
      'notification_groups.post_id',
      'notification_groups.latest_id',
      'notification_groups.actor_count',
      'notification_settings.read_up_to',
    ])
    .where(oneOf(ctx.dialect, 'notification_groups.recipient_id', recipients))
    .where(oneOf(ctx.dialect, 'notification_groups.group_key', keys))
    .execute();
  const newest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    if (!wanted.has(refOf(row.recipient_id, row.group_key))) continue;
    if (row.read_up_to !== null && row.latest_id <= row.read_up_to) continue;
    const other = newest.get(row.recipient_id);
    if (!other || row.latest_id > other.latest_id) newest.set(row.recipient_id, row);
  }
  const lines = [...newest.values()];
  if (lines.length === 0) return messages;
  const [actors, counts] = await Promise.all([newestActors(ctx, lines), unreadCounts(ctx, [...newest.keys()])]);
  for (const line of lines) {
    const actor = actors.get(refOf(line.recipient_id, line.group_key));
    messages.set(line.recipient_id, {
      kind: 'notification',
      data: {
        id: line.latest_id,
        kind: line.kind,
        tag: pushTag(ctx, line.group_key),
        actorCount: line.actor_count,
        actors: actor ? [actor] : [],
        postId: line.post_id,
        unreadCount: counts.get(line.recipient_id) ?? 0,
      },
    });
  }
  return messages;
}

/**
 * The same for every push of one line, and nothing a push service can read a post or a day from: a keyed hash of
 * the group's key. It is the notification's tag on the device, and the push's Topic (at most 32 characters), so
 * a line's newer push replaces one not yet delivered.
 */
export const pushTag = (ctx: Pick<AppContext, 'keys'>, groupKey: string): string =>
  createHmac('sha256', ctx.keys.cursorSecret).update(`push-tag.${groupKey}`).digest('base64url').slice(0, 32);

/** Each line's newest actor who may be named (a suspended one may not), in one query ranked per line. */
async function newestActors(
  ctx: MessageContext,
  lines: readonly { recipient_id: string; group_key: string }[],
): Promise<Map<string, { username: string; displayName: string }>> {
  const wanted = new Set(lines.map((line) => refOf(line.recipient_id, line.group_key)));
  const ranked = ctx.db
    .selectFrom('notifications')
    .innerJoin('citizens', 'citizens.id', 'notifications.actor_id')
    .select(['notifications.recipient_id', 'notifications.group_key', 'citizens.username', 'citizens.display_name'])
    .select((eb) =>
      eb.fn
        .agg<number>('row_number')
        .over((over) =>
          over
            .partitionBy(['notifications.recipient_id', 'notifications.group_key'])
            .orderBy('notifications.id', 'desc'),
        )
        .as('rank'),
    )
    .where(
      oneOf(
        ctx.dialect,
        'notifications.recipient_id',
        lines.map((line) => line.recipient_id),
      ),
    )
    .where(oneOf(ctx.dialect, 'notifications.group_key', [...new Set(lines.map((line) => line.group_key))]))
    .where('citizens.suspended_at', 'is', null)
    .as('ranked');
  const rows = await ctx.db.selectFrom(ranked).selectAll().where('rank', '=', 1).execute();
  const actors = new Map<string, { username: string; displayName: string }>();
  for (const row of rows) {
    const ref = refOf(row.recipient_id, row.group_key);
    if (wanted.has(ref)) actors.set(ref, { username: row.username, displayName: row.display_name });
  }
  return actors;
}

/** Each recipient's unread lines (those newer than their read mark), in one grouped count. */
async function unreadCounts(ctx: MessageContext, recipients: readonly string[]): Promise<Map<string, number>> {
  const rows = await ctx.db
    .selectFrom('notification_groups')
    .leftJoin('notification_settings', 'notification_settings.citizen_id', 'notification_groups.recipient_id')
    .select('notification_groups.recipient_id')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(oneOf(ctx.dialect, 'notification_groups.recipient_id', recipients))
    .where((eb) =>
      eb.or([
        eb('notification_settings.read_up_to', 'is', null),
        eb('notification_groups.latest_id', '>', eb.ref('notification_settings.read_up_to')),
      ]),
    )
    .groupBy('notification_groups.recipient_id')
    .execute();
  return new Map(rows.map((row) => [row.recipient_id, Number(row.count)]));
}
