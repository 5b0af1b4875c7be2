import type { Route } from '../../http/route.js';

/** The social domain's routes; registered by src/routes.ts. */
export const socialRoutes: readonly Route[] = [];
