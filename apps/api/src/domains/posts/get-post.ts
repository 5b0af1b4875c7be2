import { getPost } from '@civitas/contract';
import { defineRoute, SerializedBody } from '../../http/route.js';
import { presentVisiblePost } from './load.js';
import { postViewJson } from './post-json.js';

export default defineRoute(getPost, async ({ params, caller, ctx }) =>
  SerializedBody.checked(
    postViewJson(ctx.caches.checkedPostJson, await presentVisiblePost(ctx, params.id, caller.citizenId)),
  ),
);
