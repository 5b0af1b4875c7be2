import { unsubscribeFromPush } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { dropSubscription } from './push/subscription-store.js';

/**
 * Stops pushing my notifications to a browser (ADR 079): signing out on it, or turning them off there. Only my own
 * subscription goes; another citizen's endpoint, or one not stored, is answered alike, so the call tells nobody
 * whose browser an endpoint is.
 */
export default defineRoute(unsubscribeFromPush, async ({ body, caller, ctx }) => {
  await dropSubscription(ctx.db, caller.citizenId, body.endpoint);
  return undefined;
});
