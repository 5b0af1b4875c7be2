import type { Route } from '../../http/route.js';
import getSession from './get-session.js';
import logout from './logout.js';
import refresh from './refresh.js';
import refreshGuest from './refresh-guest.js';

/** The own-origin session routes; login and callback are redirects, registered by login-flow.ts. */
export const sessionRoutes = [getSession, refresh, refreshGuest, logout] as Route[];
