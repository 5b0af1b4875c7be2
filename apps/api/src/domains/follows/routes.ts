import type { Route } from '../../http/route.js';
import follow from './follow.js';
import unfollow from './unfollow.js';

/** The follows domain's routes; registered by src/routes.ts. */
export const followsRoutes = [follow, unfollow] as Route[];
