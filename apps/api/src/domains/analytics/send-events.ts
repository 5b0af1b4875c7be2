import { sendAnalyticsEvents } from '@civitas/contract';
import { AppError, tooManyRequests } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { eventRow } from './event-rows.js';
import { storeEvents } from './store-events.js';

/**
 * The socket's HTTP twin: what a page had left when it closed (sendBeacon). The same limit applies as on
 * the socket, counted per session across every call in the minute.
 */
export default defineRoute(sendAnalyticsEvents, async ({ body, caller, ctx }) => {
  if (caller.kind !== 'citizen' && caller.kind !== 'guest') {
    throw new AppError(403, 'WRONG_IDENTITY', 'Analytics events come from browser sessions, not app tokens');
  }
  const key = `analytics:${caller.kind === 'citizen' ? caller.citizenId : caller.guestId}`;
  let wait = 0;
  for (const _ of body.messages)
    wait = Math.max(wait, await ctx.limiter.hit(key, ctx.config.ANALYTICS_EVENTS_PER_MINUTE, 60_000));
  if (wait > 0)
    throw tooManyRequests('RATE_LIMITED', `Too many analytics events; send them again in ${wait} seconds`, wait);
  const receivedAt = ctx.now();
  await storeEvents(
    ctx.db,
    body.messages.map((message) => eventRow(message, caller, receivedAt)),
  );
  return { acknowledged: body.messages.map((message) => message.data.metadata.eventId), refused: [] };
});
