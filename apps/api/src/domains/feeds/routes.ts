import type { Route } from '../../http/route.js';

/** The feeds domain's routes; registered by src/routes.ts. */
export const feedsRoutes: readonly Route[] = [];
