import { getPost } from '@civitas/contract';
import { defineRoute, SerializedBody } from '../../http/route.js';
import { loadVisiblePost } from './load.js';
import { postDetailJson } from './post-detail-json.js';

export default defineRoute(getPost, async ({ params, caller, ctx }) => {
  const { post, hydration } = await loadVisiblePost(ctx, params.id, caller.citizenId);
  return SerializedBody.checked(postDetailJson(ctx.caches.checkedPostJson, post, hydration));
});
