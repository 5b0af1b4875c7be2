import { setPostComments } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { loadOwnPost } from '../posts/load.js';

/** The author turns comments off for a post, or on again (ADR 084); the comments written stay. */
export default defineRoute(setPostComments, async ({ params, body, caller, ctx }) => {
  const post = await loadOwnPost(ctx, params.id, caller.citizenId);
  await ctx.db
    .updateTable('posts')
    .set({ comments_off: body.commentsOff ? 1 : 0 })
    .where('id', '=', post.id)
    .execute();
  return { commentsOff: body.commentsOff };
});
