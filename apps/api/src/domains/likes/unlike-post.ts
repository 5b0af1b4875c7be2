import { unlikePost } from '@civitas/contract';
import { postNotFound } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { takeBackLike } from '../notifications/notices.js';
import { quietly } from '../notifications/quietly.js';
import { unlike } from './like-batches.js';

export default defineRoute(unlikePost, async ({ params, caller, ctx, request }) => {
  const likes = await unlike(ctx, params.id, caller.citizenId);
  if (!likes) throw postNotFound();
  await quietly(request, takeBackLike(ctx, params.id, caller.citizenId));
  return { contentId: params.id, likesOverviewDetails: likes };
});
