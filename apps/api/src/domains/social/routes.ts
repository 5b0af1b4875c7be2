import type { Route } from '../../http/route.js';
import getCitizenSocialOverview from './citizen-social-overview.js';
import getMySocialOverview from './my-social-overview.js';
import getPostLikers from './post-likers.js';
import getPostOverview from './post-overview.js';
import getPostsOverview from './posts-overview.js';
import getSharedPostOverview from './shared-post-overview.js';

/** The social domain's routes; registered by src/routes.ts. */
export const socialRoutes = [
  getCitizenSocialOverview,
  getMySocialOverview,
  getPostOverview,
  getSharedPostOverview,
  getPostsOverview,
  getPostLikers,
] as Route[];
