import { vapidSubject } from '../../../config.js';
import type { AppContext } from '../../../context.js';
import { oncePer } from '../../../db/batches.js';
import type { GroupRef } from '../notification-store.js';
import { deliverPush, type PushOutcome } from './deliver-push.js';
import { localPushAllowed } from './push-endpoints.js';
import { pushMessages } from './push-messages.js';
import { forgetGoneSubscriptions, subscriptionsOf } from './subscription-store.js';
import { vapidKeys } from './vapid-keys.js';

export type PushContext = Pick<AppContext, 'db' | 'dialect' | 'config' | 'keys' | 'now'>;

/** Where pushes report what failed: a request's log (Fastify's, whose `warn` and `error` these are). */
export interface PushLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Pushes in flight at once per server: the rest wait their turn, so a crowd's batches never open a socket each. */
const PUSHES_IN_FLIGHT = 16;
/** Pushes that may wait for a turn; past it a batch's pushes are dropped (the list still has every line). */
const PUSHES_WAITING = 5000;

/** Batches of pushes on their way, per context (what `pushesSent` waits for), and the turns to push. */
const state = oncePer((_ctx: PushContext) => ({
  pending: new Set<Promise<void>>(),
  free: PUSHES_IN_FLIGHT,
  waiting: [] as (() => void)[],
}));

/**
 * Pushes a committed batch's news to its recipients' browsers (ADR 079), in the background: the caller (the tell
 * line, beside the bell) never waits, and a failure is logged on `log`, never thrown. One read of the
 * subscriptions of every recipient of the batch, three for the lines to push (push-messages.ts), then one push per
 * subscription; subscriptions whose push service says they are gone are forgotten together.
 */
export function pushLater(ctx: PushContext, changed: readonly GroupRef[], log: PushLog): void {
  if (changed.length === 0) return;
  const { pending } = state(ctx);
  const sent = sendPushes(ctx, changed, log).catch((error: unknown) =>
    log.error({ err: error }, 'notifications could not be pushed'),
  );
  pending.add(sent);
  sent.finally(() => pending.delete(sent));
}

/**
 * Settles once every push begun so far has been answered (or failed): nothing waits for them, so a reader that
 * must see them (a test) waits here, after `noticesWritten`.
 */
export async function pushesSent(ctx: PushContext): Promise<void> {
  const { pending } = state(ctx);
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

async function sendPushes(ctx: PushContext, changed: readonly GroupRef[], log: PushLog): Promise<void> {
  const recipients = [...new Set(changed.map((group) => group.recipientId))];
  const subscriptions = await subscriptionsOf(ctx.db, ctx.dialect, recipients);
  if (subscriptions.length === 0) return;
  const subscribed = new Set(subscriptions.map((subscription) => subscription.citizenId));
  const messages = await pushMessages(
    ctx,
    changed.filter((group) => subscribed.has(group.recipientId)),
  );
  const due = subscriptions.filter((subscription) => messages.has(subscription.citizenId));
  if (due.length === 0) return;
  const turns = state(ctx);
  if (turns.waiting.length + due.length > PUSHES_WAITING) {
    log.warn({ pushes: due.length }, 'notifications not pushed: too many pushes are waiting');
    return;
  }
  const keys = await vapidKeys(ctx);
  const vapid = { ...keys, subject: vapidSubject(ctx.config) };
  const local = localPushAllowed(ctx.config);
  const gone: string[] = [];
  await Promise.all(
    due.map(async (subscription) => {
      const message = messages.get(subscription.citizenId);
      if (!message) return;
      try {
        const outcome: PushOutcome = await inTurn(ctx, () =>
          deliverPush(subscription, JSON.stringify(message), { vapid, topic: message.data.tag, local }),
        );
        if (outcome === 'gone') gone.push(subscription.id);
      } catch (error) {
        log.warn(
          { err: error, pushService: new URL(subscription.endpoint).host },
          'a notification could not be pushed',
        );
      }
    }),
  );
  await forgetGoneSubscriptions(ctx.db, ctx.dialect, gone);
}

/** Runs `push` once one of the PUSHES_IN_FLIGHT turns is free. */
async function inTurn<T>(ctx: PushContext, push: () => Promise<T>): Promise<T> {
  const turns = state(ctx);
  if (turns.free > 0) turns.free -= 1;
  else await new Promise<void>((resolve) => turns.waiting.push(resolve));
  try {
    return await push();
  } finally {
    const next = turns.waiting.shift();
    if (next) next();
    else turns.free += 1;
  }
}
