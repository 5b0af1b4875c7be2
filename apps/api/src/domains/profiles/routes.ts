import type { Route } from '../../http/route.js';
import getMe from './get-me.js';
import getProfile from './get-profile.js';

/** The profiles domain's routes; registered by src/routes.ts. */
export const profilesRoutes = [getMe, getProfile] as Route[];
