import { likePost } from '@civitas/contract';
import { postNotFound } from '../../http/errors.js';
import { withLiveCaller } from '../../http/live-caller.js';
import { defineRoute } from '../../http/route.js';
import { tellsLikes } from '../notifications/kinds.js';
import { tell } from '../notifications/notices.js';
import { quietly } from '../notifications/quietly.js';
import { like } from './like-batches.js';

export default defineRoute(likePost, async ({ params, caller, ctx, request }) => {
  const added = await withLiveCaller(() => like(ctx, params.id, caller.citizenId));
  if (!added) throw postNotFound();
  // A post this like put on a stage shows on the next page, on every instance, not a cache period later.
  if (added.stagedIn) await ctx.cacheBus.announce('stage-changed');
  if (tellsLikes(ctx.config)) {
    quietly(request, tell(ctx, { kind: 'like', postId: params.id, actorId: caller.citizenId }, request.log));
  }
  return { contentId: params.id, likesOverviewDetails: { likesCount: added.likesCount, liked: added.liked } };
});
