import { getModerationLog } from '@civitas/contract';
import { oneOf } from '../../db/id-list.js';
import { encodeCursor } from '../../db/keyset.js';
import { defineRoute } from '../../http/route.js';
import { PostIdKey, startAfter } from '../feeds/keyset-page.js';
import { logEntryView } from './present.js';

/**
 * Every moderation decision, newest first (ids are time-ordered): a keyset page on the log's key, then the
 * moderators' usernames in one query.
 */
export default defineRoute(getModerationLog, async ({ query, ctx }) => {
  const feed = 'moderation-log';
  const secret = ctx.keys.cursorSecret;
  const after = startAfter(secret, feed, query.continuationToken, PostIdKey);
  let rows = ctx.db
    .selectFrom('moderation_log')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(query.size + 1);
  if (after) rows = rows.where('id', '<', after.key[0]);
  const found = await rows.execute();
  const page = found.slice(0, query.size);
  const moderatorIds = [...new Set(page.flatMap((row) => (row.moderator_id === null ? [] : [row.moderator_id])))];
  const moderators = new Map<string, string>();
  if (moderatorIds.length > 0) {
    const named = await ctx.db
      .selectFrom('citizens')
      .select(['id', 'username'])
      .where(oneOf(ctx.dialect, 'id', moderatorIds))
      .execute();
    for (const { id, username } of named) moderators.set(id, username);
  }
  const last = page.at(-1);
  return {
    data: page.map((row) => logEntryView(row, moderators)),
    continuationToken: found.length > query.size && last ? encodeCursor(secret, { feed, key: [last.id] }) : null,
  };
});
