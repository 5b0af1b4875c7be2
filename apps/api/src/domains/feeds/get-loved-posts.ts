import { getLovedPosts } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { lovedPostsFeed } from './loved-posts-feed.js';

export default defineRoute(getLovedPosts, async ({ params, query, caller, ctx }) =>
  lovedPostsFeed(ctx, { influencerId: params.influencerId, viewerId: caller.citizenId, page: query }),
);
