import type { Route } from '../../http/route.js';
import sendEvents from './send-events.js';

/** The analytics websocket itself is registered by analytics-socket.ts (it is an upgrade, not a contract call). */
export const analyticsRoutes = [sendEvents] as Route[];
