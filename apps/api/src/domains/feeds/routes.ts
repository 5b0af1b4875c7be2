import type { Route } from '../../http/route.js';
import getHashtagFeed from './get-hashtag-feed.js';
import getLovedPosts from './get-loved-posts.js';
import getMyPrivateFeed from './get-my-private-feed.js';
import getMyPublicFeed from './get-my-public-feed.js';
import getProfilePrivateFeed from './get-profile-private-feed.js';
import getSharedLovedPosts from './get-shared-loved-posts.js';
import getSharedProfileFeed from './get-shared-profile-feed.js';
import getSharedStageFeed from './get-shared-stage-feed.js';
import getStageFeed from './get-stage-feed.js';

/** The feeds domain's routes; registered by src/routes.ts. */
export const feedsRoutes = [
  getStageFeed,
  getSharedStageFeed,
  getSharedProfileFeed,
  getProfilePrivateFeed,
  getMyPublicFeed,
  getMyPrivateFeed,
  getSharedLovedPosts,
  getLovedPosts,
  getHashtagFeed,
] as Route[];
