import { getNotifications } from '@civitas/contract';
import { encodeCursor } from '../../db/keyset.js';
import { defineRoute } from '../../http/route.js';
import { PostIdKey, startAfter } from '../feeds/keyset-page.js';
import { readMarkOf } from './notification-store.js';
import { presentGroups } from './present.js';

/**
 * My notifications, grouped, the group with the newest notification first: one keyset query on (recipient_id,
 * latest_id), then the page's actors, posts and pending requests (present.ts). A group that gains a notification
 * while I page moves to the top: it is on the next first page, never twice on this walk.
 */
export default defineRoute(getNotifications, async ({ query, caller, ctx }) => {
  const me = caller.citizenId;
  const feed = `notifications:${me}`;
  const secret = ctx.keys.cursorSecret;
  const after = startAfter(secret, feed, query.continuationToken, PostIdKey);
  let rows = ctx.db
    .selectFrom('notification_groups')
    .select(['group_key', 'kind', 'post_id', 'latest_id', 'latest_at', 'actor_count'])
    .where('recipient_id', '=', me)
    .orderBy('latest_id', 'desc')
    .limit(query.size + 1);
  if (after) rows = rows.where('latest_id', '<', after.key[0] as string);
  const [found, readUpTo] = await Promise.all([rows.execute(), readMarkOf(ctx.db, me)]);
  const page = found.slice(0, query.size);
  const last = page.at(-1);
  return {
    data: await presentGroups(ctx, me, readUpTo, page),
    continuationToken: found.length > query.size && last ? encodeCursor(secret, { feed, key: [last.latest_id] }) : null,
  };
});
