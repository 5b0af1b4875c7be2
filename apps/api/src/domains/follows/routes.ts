import type { Route } from '../../http/route.js';

/** The follows domain's routes; registered by src/routes.ts. */
export const followsRoutes: readonly Route[] = [];
