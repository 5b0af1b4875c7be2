import { createHmac } from 'node:crypto';
import type { NotificationPush } from '@civitas/contract';
import type { AppContext } from '../../../context.js';
import { oneOf } from '../../../db/id-list.js';
import { newestActors } from '../line-actors.js';
import { type GroupRef, lineRef } from '../notification-store.js';
import { isRead, unreadCounts } from '../unread.js';

type MessageContext = Pick<AppContext, 'db' | 'dialect' | 'keys'>;

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
  const wanted = new Set(changed.map((group) => lineRef(group.recipientId, group.groupKey)));
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
    if (!wanted.has(lineRef(row.recipient_id, row.group_key))) continue;
    if (isRead(row.latest_id, row.read_up_to)) continue;
    const other = newest.get(row.recipient_id);
    if (!other || row.latest_id > other.latest_id) newest.set(row.recipient_id, row);
  }
  const lines = [...newest.values()];
  if (lines.length === 0) return messages;
  const [actors, counts] = await Promise.all([
    newestActors(
      ctx,
      lines.map((line) => ({ recipientId: line.recipient_id, groupKey: line.group_key })),
      1,
    ),
    unreadCounts(ctx, [...newest.keys()]),
  ]);
  for (const line of lines) {
    const actor = actors.get(lineRef(line.recipient_id, line.group_key))?.[0];
    messages.set(line.recipient_id, {
      kind: 'notification',
      data: {
        id: line.latest_id,
        kind: line.kind,
        tag: pushTag(ctx, line.group_key),
        actorCount: line.actor_count,
        actors: actor ? [{ username: actor.username, displayName: actor.display_name }] : [],
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
