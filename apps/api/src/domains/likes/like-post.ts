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
  // A post this like put on a stage shows on citizens' next page, not a skeleton cache period later.
  if (like.stagedIn) {
    ctx.caches.stageHeads.clear();
    ctx.caches.citizenStagePages.clear();
    ctx.caches.stageSkeletons.clear();
  }
  return { contentId: post.id, likesOverviewDetails: { likesCount: like.likesCount, liked: like.liked } };
});
