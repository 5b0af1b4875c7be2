import type { Db } from '../../db/database.js';
import { readMarkOf } from './notification-store.js';

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
