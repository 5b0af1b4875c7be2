import { getIncomingFriendRequests } from '@civitas/contract';
import { encodeCursor } from '../../db/keyset.js';
import { defineRoute } from '../../http/route.js';
import { afterInTimeDescOrder, startAfter, TimeAndPostIdKey } from '../feeds/keyset-page.js';
import { listedFor } from '../people/graph-filters.js';
import { personColumns, personView } from '../people/person.js';
import { loadRelations } from '../people/relations.js';

/**
 * The friend requests waiting for my answer, newest first, each with who sent it (but a suspended one): one keyset query on
 * (to_id, created_at, id) and one for how I stand to the senders. One row more than the page is read, so the
 * last page carries no token and "show more" never leads to an empty page.
 */
export default defineRoute(getIncomingFriendRequests, async ({ query, caller, ctx }) => {
  const me = caller.citizenId;
  const feed = `incoming-friend-requests:${me}`;
  const secret = ctx.keys.cursorSecret;
  const after = startAfter(secret, feed, query.continuationToken, TimeAndPostIdKey);
  let rows = ctx.db
    .selectFrom('friend_requests')
    .innerJoin('citizens', 'citizens.id', 'friend_requests.from_id')
    .select([...personColumns, 'friend_requests.id as request_id', 'friend_requests.created_at as requested_at'])
    .where('friend_requests.to_id', '=', me)
    // A suspended sender is listed nowhere, and their request cannot be approved while it stands (ADR 076).
    .where(listedFor(ctx.db, me))
    .orderBy('friend_requests.created_at', 'desc')
    .orderBy('friend_requests.id', 'desc')
    .limit(query.size + 1);
  if (after) rows = rows.where(afterInTimeDescOrder('friend_requests.created_at', 'friend_requests.id', after.key));
  const found = await rows.execute();
  const page = found.slice(0, query.size);
  const relations = await loadRelations(
    ctx.db,
    me,
    page.map((row) => row.id),
  );
  const last = page.at(-1);
  return {
    data: page.map((row) => ({
      id: row.request_id,
      createdAt: new Date(row.requested_at).toISOString(),
      createdAtTimestampInMilliseconds: row.requested_at,
      from: personView(row, relations),
    })),
    continuationToken:
      found.length > query.size && last
        ? encodeCursor(secret, { feed, key: [last.requested_at, last.request_id] })
        : null,
  };
});
