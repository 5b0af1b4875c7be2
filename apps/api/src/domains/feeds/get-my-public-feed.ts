import { getMyPublicFeed } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { ownPostsFeed } from './own-posts-feed.js';

export default defineRoute(getMyPublicFeed, async ({ query, caller, ctx }) =>
  ownPostsFeed(ctx, { citizenId: caller.citizenId, sharing: 'public', page: query }),
);
