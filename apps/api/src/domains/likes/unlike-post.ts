import { unlikePost } from '@civitas/contract';
import { postNotFound } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { visibleToViewer } from '../posts/visible-sql.js';
import { removeLike } from './like-store.js';

export default defineRoute(unlikePost, async ({ params, caller, ctx }) => {
  const likes = await removeLike(ctx.db, params.id, caller.citizenId, visibleToViewer(caller.citizenId));
  if (!likes) throw postNotFound();
  return { contentId: params.id, likesOverviewDetails: likes };
});
