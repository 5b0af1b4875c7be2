import { unlikePost } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { loadVisiblePost } from '../posts/load.js';
import { removeLike } from './like-store.js';

export default defineRoute(unlikePost, async ({ params, caller, ctx }) => {
  const { post } = await loadVisiblePost(ctx, params.id, caller.citizenId);
  const likes = await removeLike(ctx.db, post.id, caller.citizenId);
  return { contentId: post.id, likesOverviewDetails: likes };
});
