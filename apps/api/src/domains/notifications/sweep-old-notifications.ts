import type { AppContext } from '../../context.js';
import { DAY_MS } from './kinds.js';

/** Groups deleted per transaction: a sweep never holds the tables (SQLite's one writer) for long. */
const GROUPS_PER_BATCH = 500;

/**
 * Deletes notifications older than NOTIFICATION_RETENTION_DAYS (ADR 077): the groups whose newest notification
 * is older, oldest first on the latest_at index, with their rows. Answers how many groups went.
 */
export async function sweepOldNotifications(ctx: AppContext): Promise<number> {
  const before = ctx.now() - ctx.config.NOTIFICATION_RETENTION_DAYS * DAY_MS;
  let removed = 0;
  for (;;) {
    const swept = await ctx.db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom('notification_groups')
        .select(['recipient_id', 'group_key'])
        .where('latest_at', '<', before)
        .orderBy('latest_at')
        .limit(GROUPS_PER_BATCH)
        .execute();
      for (const group of old) {
        await trx
          .deleteFrom('notifications')
          .where('recipient_id', '=', group.recipient_id)
          .where('group_key', '=', group.group_key)
          .execute();
        await trx
          .deleteFrom('notification_groups')
          .where('recipient_id', '=', group.recipient_id)
          .where('group_key', '=', group.group_key)
          .execute();
      }
      return old.length;
    });
    removed += swept;
    if (swept < GROUPS_PER_BATCH) return removed;
  }
}
