import { getPostsOverview } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { loadPostOverviews } from './post-overviews.js';

export default defineRoute(getPostsOverview, async ({ query, caller, ctx }) => ({
  data: await loadPostOverviews(ctx, query.contentId, caller.kind === 'citizen' ? caller.citizenId : null),
}));
