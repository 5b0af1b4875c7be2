import { subscribeToPush } from '@civitas/contract';
import { badRequest } from '../../http/errors.js';
import { withLiveCaller } from '../../http/live-caller.js';
import { defineRoute } from '../../http/route.js';
import { endpointProblem, localPushAllowed } from './push/push-endpoints.js';
import { keysAreUsable } from './push/subscription-keys.js';
import { keepSubscription } from './push/subscription-store.js';

/**
 * Keeps a browser's push subscription for me (ADR 079). The server will post to its endpoint, so the endpoint must
 * be a push service's (push-endpoints.ts), and its keys must be ones a payload can be encrypted to. An endpoint
 * already stored becomes mine: a browser has one subscription, whoever signed in on it last.
 */
export default defineRoute(subscribeToPush, async ({ body, caller, ctx }) => {
  const problem = endpointProblem(body.endpoint, localPushAllowed(ctx.config));
  if (problem) throw badRequest('PUSH_ENDPOINT_REFUSED', problem);
  if (!keysAreUsable(body.keys)) {
    throw badRequest(
      'PUSH_KEYS_UNUSABLE',
      'keys.p256dh must be the browser’s P-256 public key (and keys.auth its secret), as PushSubscription.toJSON() gives them',
    );
  }
  const id = await withLiveCaller(() => keepSubscription(ctx.db, caller.citizenId, body, ctx.now()));
  return { id };
});
