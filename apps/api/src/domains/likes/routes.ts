import type { Route } from '../../http/route.js';
import likePost from './like-post.js';
import unlikePost from './unlike-post.js';

/** The likes domain's routes; registered by src/routes.ts. */
export const likesRoutes = [likePost, unlikePost] as Route[];
