import { getSharedPost } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { presentVisiblePost, sharedPostRules } from './load.js';

export default defineRoute(getSharedPost, async ({ params, ctx }) =>
  presentVisiblePost(ctx, params.id, null, sharedPostRules),
);
