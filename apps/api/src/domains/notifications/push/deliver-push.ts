import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webpush from 'web-push';
import { endpointProblem, pushLookup } from './push-endpoints.js';
import type { StoredSubscription } from './subscription-store.js';
import type { VapidKeys } from './vapid-keys.js';

/** How long a push service keeps a push for a device that is offline: a day, after which the list is news enough. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service silent for this long is given up on for this push (the next notice tries again). */
const PUSH_TIMEOUT_MS = 10_000;

/** Where a push went: to its push service, or nowhere, the subscription being gone (404, 410) or refused here. */
export type PushOutcome = 'delivered' | 'gone';

/** A push service's answer other than delivered or gone (a 429, a 5xx, a refused signature). */
export class PushRefused extends Error {
  constructor(readonly status: number) {
    super(`the push service answered ${status}`);
  }
}

export interface PushSending {
  vapid: VapidKeys & { subject: string };
  /** Pushes of the same topic replace one another while undelivered. */
  topic: string;
  /** Whether this machine's push services may be reached (development and tests). */
  local: boolean;
}

/**
 * Sends one push (RFC 8030) to one subscription. The library encrypts the payload to the browser's keys
 * (aes128gcm, RFC 8291) and signs the VAPID header (RFC 8292); the request is made here, so that its address is
 * checked as it is connected to (push-endpoints.ts), a local push service may be plain http in tests, and only
 * the status of the answer is read.
 */
export async function deliverPush(
  subscription: StoredSubscription,
  payload: string,
  sending: PushSending,
): Promise<PushOutcome> {
  // An endpoint these settings no longer allow (one stored in development, say) can never be pushed to.
  if (endpointProblem(subscription.endpoint, sending.local)) return 'gone';
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    payload,
    {
      vapidDetails: sending.vapid,
      TTL: PUSH_TTL_SECONDS,
      urgency: 'normal',
      topic: sending.topic,
      contentEncoding: 'aes128gcm',
    },
  );
  const url = new URL(details.endpoint);
  const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
  return new Promise<PushOutcome>((resolve, reject) => {
    const pushing = send(
      url,
      { method: details.method, headers: details.headers, lookup: pushLookup(sending.local), timeout: PUSH_TIMEOUT_MS },
      (answer) => {
        // Only the status tells anything; the body is let go unread.
        answer.resume();
        const status = answer.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve('delivered');
        else if (status === 404 || status === 410) resolve('gone');
        else reject(new PushRefused(status));
      },
    );
    pushing.on('timeout', () => pushing.destroy(new Error(`no answer within ${PUSH_TIMEOUT_MS} ms`)));
    pushing.on('error', reject);
    pushing.end(details.body);
  });
}
