import { getMyPrivateFeed } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { ownPostsFeed } from './own-posts-feed.js';

export default defineRoute(getMyPrivateFeed, async ({ query, caller, ctx }) =>
  ownPostsFeed(ctx, { citizenId: caller.citizenId, sharing: 'private', page: query }),
);
