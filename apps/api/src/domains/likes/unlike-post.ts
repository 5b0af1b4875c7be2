import { unlikePost } from '@civitas/contract';
import { postNotFound } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { tellsLikes } from '../notifications/kinds.js';
import { takeBack } from '../notifications/notices.js';
import { quietly } from '../notifications/quietly.js';
import { unlike } from './like-batches.js';

export default defineRoute(unlikePost, async ({ params, caller, ctx, request }) => {
  const likes = await unlike(ctx, params.id, caller.citizenId);
  if (!likes) throw postNotFound();
  if (tellsLikes(ctx.config)) {
    quietly(request, takeBack(ctx, { kind: 'like', postId: params.id, actorId: caller.citizenId }));
  }
  return { contentId: params.id, likesOverviewDetails: likes };
});
