import type { Route } from '../../http/route.js';

/** The friends domain's routes; registered by src/routes.ts. */
export const friendsRoutes: readonly Route[] = [];
