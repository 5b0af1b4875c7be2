import { getPostStatus } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { loadOwnPost } from './load.js';
import { isoTime } from './present.js';

export default defineRoute(getPostStatus, async ({ params, caller, ctx }) => {
  const post = await loadOwnPost(ctx, params.id, caller.citizenId);
  return { id: post.id, status: post.status, mediaType: post.media_type, updatedAt: isoTime(post.updated_at) };
});
