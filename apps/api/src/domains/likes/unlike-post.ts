import { unlikePost } from '@civitas/contract';
import { postNotFound } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { unlike } from './like-batches.js';

export default defineRoute(unlikePost, async ({ params, caller, ctx }) => {
  const likes = await unlike(ctx, params.id, caller.citizenId);
  if (!likes) throw postNotFound();
  return { contentId: params.id, likesOverviewDetails: likes };
});
