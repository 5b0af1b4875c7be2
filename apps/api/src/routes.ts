import { charitiesRoutes } from './domains/charities/routes.js';
import { feedsRoutes } from './domains/feeds/routes.js';
import { followsRoutes } from './domains/follows/routes.js';
import { friendsRoutes } from './domains/friends/routes.js';
import { hashtagsRoutes } from './domains/hashtags/routes.js';
import { likesRoutes } from './domains/likes/routes.js';
import { peopleRoutes } from './domains/people/routes.js';
import { postsRoutes } from './domains/posts/routes.js';
import { profilesRoutes } from './domains/profiles/routes.js';
import { socialRoutes } from './domains/social/routes.js';
import type { Route } from './http/route.js';

/** Every route of the API: each domain lists its own in domains/<name>/routes.ts. */
export const routes: readonly Route[] = [
  ...postsRoutes,
  ...feedsRoutes,
  ...likesRoutes,
  ...followsRoutes,
  ...friendsRoutes,
  ...profilesRoutes,
  ...socialRoutes,
  ...peopleRoutes,
  ...hashtagsRoutes,
  ...charitiesRoutes,
];
