import { deletePost } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { loadOwnPost } from './load.js';
import { removePost } from './remove-post.js';

/** The author deletes their post: it leaves every feed and count (remove-post.ts). */
export default defineRoute(deletePost, async ({ params, caller, ctx }) => {
  const post = await loadOwnPost(ctx, params.id, caller.citizenId);
  await removePost(ctx, { id: post.id, authorId: caller.citizenId });
  return undefined;
});
