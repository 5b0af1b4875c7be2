import { likePost } from '@civitas/contract';
import { withLiveCaller } from '../../http/live-caller.js';
import { defineRoute } from '../../http/route.js';
import { loadVisiblePost } from '../posts/load.js';
import { addLike } from './like-store.js';

export default defineRoute(likePost, async ({ params, caller, ctx }) => {
  const { post } = await loadVisiblePost(ctx, params.id, caller.citizenId);
  const like = await withLiveCaller(() =>
    addLike(ctx.db, post.id, caller.citizenId, ctx.now(), ctx.config.STAGE_AUTO_LIKES),
  );
  // A post this like put on a stage shows on the next page, on every instance, not a cache period later.
  if (like.stagedIn) await ctx.cacheBus.announce('stage-changed');
  return { contentId: post.id, likesOverviewDetails: { likesCount: like.likesCount, liked: like.liked } };
});
