import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { oneOf } from '../../db/id-list.js';
import { readMarkOf } from './notification-store.js';

/*
 * What is unread (ADR 077), in one place: a line is read once its newest notification is at or below its
 * recipient's read mark; with no mark, nothing is read.
 */

/** Whether a line is read, given its recipient's mark. */
export const isRead = (latestId: string, readUpTo: string | null): boolean => readUpTo !== null && latestId <= readUpTo;

/** Lines of my list newer than what I have read: a range of the (recipient_id, latest_id) index. */
export async function unreadCount(db: Db, citizenId: string): Promise<number> {
  const readUpTo = await readMarkOf(db, citizenId);
  let query = db
    .selectFrom('notification_groups')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('recipient_id', '=', citizenId);
  if (readUpTo !== null) query = query.where('latest_id', '>', readUpTo);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The same count for many recipients at once (a batch's pushes), each against their own mark, in one query. */
export async function unreadCounts(
  ctx: Pick<AppContext, 'db' | 'dialect'>,
  recipients: readonly string[],
): Promise<Map<string, number>> {
  if (recipients.length === 0) return new Map();
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
