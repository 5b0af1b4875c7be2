import { getNotifications } from '@civitas/contract';
import { encodeCursor } from '../../db/keyset.js';
import { defineRoute } from '../../http/route.js';
import { PostIdKey, startAfter } from '../feeds/keyset-page.js';
import { readMarkQuery } from './notification-store.js';
import { lineColumns, presentGroups } from './present.js';

/**
 * My notifications, grouped, the group with the newest notification first: one keyset query on (recipient_id,
 * latest_id) with my read mark beside it, then the page's actors, posts and pending requests (present.ts). A group that gains a notification
 * while I page moves to the top: it is on the next first page, never twice on this walk.
 */
export default defineRoute(getNotifications, async ({ query, caller, ctx }) => {
  const me = caller.citizenId;
  const feed = `notifications:${me}`;
  const secret = ctx.keys.cursorSecret;
  const after = startAfter(secret, feed, query.continuationToken, PostIdKey);
  let rows = ctx.db
    .selectFrom('notification_groups')
    .select(lineColumns)
    // The read mark comes with the page, in the same statement (one round trip fewer per page).
    .select(readMarkQuery(ctx.db, me).as('read_up_to'))
    .where('recipient_id', '=', me)
    .orderBy('latest_id', 'desc')
    .limit(query.size + 1);
  if (after) rows = rows.where('latest_id', '<', after.key[0] as string);
  const found = await rows.execute();
  const readUpTo = found[0]?.read_up_to ?? null;
  const page = found.slice(0, query.size);
  const last = page.at(-1);
  return {
    data: await presentGroups(ctx, me, readUpTo, page),
    continuationToken: found.length > query.size && last ? encodeCursor(secret, { feed, key: [last.latest_id] }) : null,
  };
});
