import { getSharedPost } from '@civitas/contract';
import { defineRoute, SerializedBody } from '../../http/route.js';
import { loadVisiblePost, sharedPostRules } from './load.js';
import { postDetailJson } from './post-detail-json.js';

export default defineRoute(getSharedPost, async ({ params, ctx }) => {
  const { post, hydration } = await loadVisiblePost(ctx, params.id, null, sharedPostRules);
  return SerializedBody.checked(postDetailJson(ctx.caches.checkedPostJson, post, hydration));
});
