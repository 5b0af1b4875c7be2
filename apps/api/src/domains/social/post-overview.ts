import { getPostOverview } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { loadPostOverview } from './post-overviews.js';

export default defineRoute(getPostOverview, async ({ params, caller, ctx }) =>
  loadPostOverview(ctx, params.id, caller.kind === 'citizen' ? caller.citizenId : null),
);
