import type { Route } from '../../http/route.js';

/** The likes domain's routes; registered by src/routes.ts. */
export const likesRoutes: readonly Route[] = [];
