import { getSharedLovedPosts } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { lovedPostsFeed } from './loved-posts-feed.js';

export default defineRoute(getSharedLovedPosts, async ({ params, query, ctx }) =>
  lovedPostsFeed(ctx, { influencerId: params.influencerId, viewerId: null, page: query }),
);
