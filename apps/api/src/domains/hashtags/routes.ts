import type { Route } from '../../http/route.js';

/** The hashtags domain's routes; registered by src/routes.ts. */
export const hashtagsRoutes: readonly Route[] = [];
