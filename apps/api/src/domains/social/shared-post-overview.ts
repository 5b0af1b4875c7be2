import { getSharedPostOverview } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { sharedPostRules } from '../posts/load.js';
import { loadPostOverview } from './post-overviews.js';

/** Public sharing reads see public posts only, as nobody in particular. */
export default defineRoute(getSharedPostOverview, async ({ params, ctx }) =>
  loadPostOverview(ctx, params.id, null, sharedPostRules),
);
