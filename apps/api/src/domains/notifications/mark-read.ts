import { markNotificationsRead } from '@civitas/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { withLiveCaller } from '../../http/live-caller.js';
import { defineRoute } from '../../http/route.js';
import { unreadCount } from './unread.js';

/**
 * Moves my read mark up to a line's id, or to my newest line when none is named; never back (a tab that read
 * less, later, does not make read lines unread again). The answer is the unread count left.
 */
export default defineRoute(markNotificationsRead, async ({ body, caller, ctx }) => {
  const me = caller.citizenId;
  const upTo =
    body?.upTo ??
    (
      await ctx.db
        .selectFrom('notification_groups')
        .select('latest_id')
        .where('recipient_id', '=', me)
        .orderBy('latest_id', 'desc')
        .limit(1)
        .executeTakeFirst()
    )?.latest_id ??
    null;
  if (upTo !== null) {
    await withLiveCaller(() => writeReadMark(ctx.db, me, upTo));
    // My other tabs' and devices' streams send the count left.
    await ctx.bell.ring([me]);
  }
  return { count: await unreadCount(ctx.db, me) };
});

/** The mark, moved up only (a citizen's first mark makes their settings row, every kind on). */
function writeReadMark(db: Db, me: string, upTo: string) {
  return db
    .insertInto('notification_settings')
    .values({ citizen_id: me, read_up_to: upTo })
    .onConflict((conflict) =>
      conflict.column('citizen_id').doUpdateSet({
        read_up_to: sql<string>`case when notification_settings.read_up_to is null
            or excluded.read_up_to > notification_settings.read_up_to
            then excluded.read_up_to else notification_settings.read_up_to end`,
      }),
    )
    .execute();
}
