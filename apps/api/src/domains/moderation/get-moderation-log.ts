import { getModerationLog } from '@civitas/contract';
import { encodeCursor } from '../../db/keyset.js';
import { defineRoute } from '../../http/route.js';
import { PostIdKey, startAfter } from '../feeds/keyset-page.js';
import { logNames } from './log-names.js';
import { logEntryView } from './present.js';

/**
 * Every moderation decision, newest first (ids are time-ordered): a keyset page on the log's key, then the
 * usernames its lines name (log-names.ts).
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
  const names = await logNames(ctx, page);
  const last = page.at(-1);
  return {
    data: page.map((row) => logEntryView(row, names)),
    continuationToken: found.length > query.size && last ? encodeCursor(secret, { feed, key: [last.id] }) : null,
  };
});
