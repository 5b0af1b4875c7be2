import { getSharedPostOverview } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { publicRules } from '../posts/visibility.js';
import { loadPostOverview } from './post-overviews.js';

/** Public sharing reads see public posts only, as nobody in particular. */
export default defineRoute(getSharedPostOverview, async ({ params, ctx }) =>
  loadPostOverview(ctx, params.id, null, publicRules),
);
