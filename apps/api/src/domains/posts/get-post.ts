import { getPost } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { presentVisiblePost } from './load.js';

export default defineRoute(getPost, async ({ params, caller, ctx }) =>
  presentVisiblePost(ctx, params.id, caller.citizenId),
);
