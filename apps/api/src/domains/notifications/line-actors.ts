import type { AppContext } from '../../context.js';
import { oneOf } from '../../db/id-list.js';
import type { CitizenSummaryRow } from '../posts/rows.js';
import { type GroupRef, lineRef } from './notification-store.js';

/**
 * The newest actors of each line, `most` at most, newest first, in one query ranked per line, whatever the number
 * of lines and recipients: what the list names (present.ts) and what a push names (push/push-messages.ts). A
 * suspended actor is never named (ADR 070); the line still counts them.
 */
export async function newestActors(
  ctx: Pick<AppContext, 'db' | 'dialect'>,
  lines: readonly GroupRef[],
  most: number,
): Promise<Map<string, CitizenSummaryRow[]>> {
  const byLine = new Map<string, CitizenSummaryRow[]>();
  if (lines.length === 0) return byLine;
  const wanted = new Set(lines.map((line) => lineRef(line.recipientId, line.groupKey)));
  // Recipients and keys are asked for as two lists (a list of pairs is an `or` per pair); the pairs are picked here.
  const ranked = ctx.db
    .selectFrom('notifications')
    .innerJoin('citizens', 'citizens.id', 'notifications.actor_id')
    .select([
      'notifications.recipient_id',
      'notifications.group_key',
      'citizens.id',
      'citizens.username',
      'citizens.display_name',
      'citizens.profile_picture_uri',
      'citizens.country',
    ])
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
    .where(oneOf(ctx.dialect, 'notifications.recipient_id', [...new Set(lines.map((line) => line.recipientId))]))
    .where(oneOf(ctx.dialect, 'notifications.group_key', [...new Set(lines.map((line) => line.groupKey))]))
    .where('citizens.suspended_at', 'is', null)
    .as('ranked');
  const rows = await ctx.db
    .selectFrom(ranked)
    .selectAll()
    .where('rank', '<=', most)
    .orderBy('recipient_id')
    .orderBy('group_key')
    .orderBy('rank')
    .execute();
  for (const row of rows) {
    const ref = lineRef(row.recipient_id, row.group_key);
    if (!wanted.has(ref)) continue;
    byLine.set(ref, [...(byLine.get(ref) ?? []), row]);
  }
  return byLine;
}
