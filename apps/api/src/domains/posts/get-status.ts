import { getPostStatus } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { postStatusView } from '../media/post-status.js';

export default defineRoute(getPostStatus, ({ params, caller, ctx }) =>
  postStatusView(ctx, params.id, caller.citizenId),
);
