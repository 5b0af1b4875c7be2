import { likePost } from '@civitas/contract';
import { postNotFound } from '../../http/errors.js';
import { withLiveCaller } from '../../http/live-caller.js';
import { defineRoute } from '../../http/route.js';
import { visibleToViewer } from '../posts/visible-sql.js';
import { addLike } from './like-store.js';

export default defineRoute(likePost, async ({ params, caller, ctx }) => {
  const like = await withLiveCaller(() =>
    addLike(
      ctx.db,
      params.id,
      caller.citizenId,
      ctx.now(),
      ctx.config.STAGE_AUTO_LIKES,
      visibleToViewer(caller.citizenId),
    ),
  );
  if (!like) throw postNotFound();
  // A post this like put on a stage shows on the next page, on every instance, not a cache period later.
  if (like.stagedIn) await ctx.cacheBus.announce('stage-changed');
  return { contentId: params.id, likesOverviewDetails: { likesCount: like.likesCount, liked: like.liked } };
});
