import { getPushKey } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { vapidKeys } from './push/vapid-keys.js';

/**
 * The key a browser subscribes to Web Push with (ADR 079): the same from every instance and across restarts (a
 * subscription is bound to it), made on the first call that needs it.
 */
export default defineRoute(getPushKey, async ({ ctx }) => ({ publicKey: (await vapidKeys(ctx)).publicKey }));
