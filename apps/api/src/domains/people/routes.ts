import type { Route } from '../../http/route.js';

/** The people domain's routes; registered by src/routes.ts. */
export const peopleRoutes: readonly Route[] = [];
