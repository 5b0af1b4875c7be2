import type { Route } from '../../http/route.js';
import search from './search.js';

/** The search domain's routes; registered by src/routes.ts. */
export const searchRoutes = [search] as Route[];
