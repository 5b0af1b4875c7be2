import type { Route } from '../../http/route.js';

/** The profiles domain's routes; registered by src/routes.ts. */
export const profilesRoutes: readonly Route[] = [];
