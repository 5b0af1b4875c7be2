import { getSharedPost } from '@civitas/contract';
import { defineRoute, SerializedBody } from '../../http/route.js';
import { sharedPostRules, visiblePostJson } from './load.js';

export default defineRoute(getSharedPost, async ({ params, ctx }) =>
  SerializedBody.checked(await visiblePostJson(ctx, params.id, null, sharedPostRules)),
);
