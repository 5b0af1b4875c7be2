import { getComments } from '@civitas/contract';
import { encodeCursor } from '../../db/keyset.js';
import { defineRoute } from '../../http/route.js';
import { SerializedBody } from '../../http/serialized-body.js';
import { startAfter } from '../feeds/keyset-page.js';
import { loadVisiblePost } from '../posts/load.js';
import { ThreadKey } from './comment-store.js';
import { commentsPageJson } from './comments-json.js';
import { commentsPage } from './comments-page.js';
import { commentView } from './present.js';

/**
 * A post's comments (ADR 084), for whoever may see the post (its rules, posts/visibility.ts: 404 otherwise, as
 * its page is), oldest thread first with each thread's replies under it: one range of `comments_thread` read past
 * the comments the viewer may not see (comment-rules.ts), one row more than the page so the last page has no token,
 * in one statement with the authors and the post's count (comments-page.ts). The answer's JSON skips zod's check
 * when the same text passed it before (comments-json.ts).
 */
export default defineRoute(getComments, async ({ params, query, caller, ctx }) => {
  const viewerId = caller.kind === 'citizen' ? caller.citizenId : null;
  const { post } = await loadVisiblePost(ctx, params.id, viewerId);
  const feed = `comments:${post.id}`;
  const secret = ctx.keys.cursorSecret;
  const after = startAfter(secret, feed, query.continuationToken, ThreadKey);
  const { rows: found, citizens, ...state } = await commentsPage(ctx.db, post.id, viewerId, after?.key, query.size);
  const page = found.slice(0, query.size);
  const last = page.at(-1);
  const reader = { viewerId, postAuthorId: post.author_id };
  const body = {
    data: page.map((comment) => commentView(comment, citizens, reader)),
    continuationToken:
      found.length > query.size && last ? encodeCursor(secret, { feed, key: [last.thread_id, last.id] }) : null,
    ...state,
  };
  return SerializedBody.checked(commentsPageJson(ctx.caches.checkedPostJson, body));
});
