import { getMyReports } from '@civitas/contract';
import { encodeCursor } from '../../db/keyset.js';
import { defineRoute } from '../../http/route.js';
import { PostIdKey, startAfter } from '../feeds/keyset-page.js';
import { logNames } from './log-names.js';
import { myReportView } from './present.js';

/**
 * My reports, newest first, with where each stands: one keyset query on (reporter_id, id), then the subjects'
 * usernames (two queries, log-names.ts). One row more than the page is read, so the last page carries no token.
 */
export default defineRoute(getMyReports, async ({ query, caller, ctx }) => {
  const me = caller.citizenId;
  const feed = `my-reports:${me}`;
  const secret = ctx.keys.cursorSecret;
  const after = startAfter(secret, feed, query.continuationToken, PostIdKey);
  let rows = ctx.db
    .selectFrom('reports')
    .selectAll()
    .where('reporter_id', '=', me)
    .orderBy('id', 'desc')
    .limit(query.size + 1);
  if (after) rows = rows.where('id', '<', after.key[0]);
  const found = await rows.execute();
  const page = found.slice(0, query.size);
  const last = page.at(-1);
  const names = await logNames(ctx, page);
  return {
    data: page.map((row) => myReportView(row, names)),
    continuationToken: found.length > query.size && last ? encodeCursor(secret, { feed, key: [last.id] }) : null,
  };
});
