import type { Route } from '../../http/route.js';
import listHashtags from './list-hashtags.js';

/** The hashtags domain's routes; registered by src/routes.ts. */
export const hashtagsRoutes = [listHashtags] as Route[];
