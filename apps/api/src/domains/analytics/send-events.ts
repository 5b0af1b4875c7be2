import { sendAnalyticsEvents } from '@civitas/contract';
import { addressKey } from '../../http/address-key.js';
import { AppError, tooManyRequests } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { spendAnalyticsBudget } from './analytics-budget.js';
import { eventRow } from './event-rows.js';
import { storeEvents } from './store-events.js';

/**
 * The socket's HTTP twin: what a page had left when it closed (sendBeacon). It spends the same budgets as the
 * socket (analytics-budget.ts): the session's and the address's, across every socket and call in the minute.
 */
export default defineRoute(sendAnalyticsEvents, async ({ body, caller, ctx, request }) => {
  if (caller.kind !== 'citizen' && caller.kind !== 'guest') {
    throw new AppError(403, 'WRONG_IDENTITY', 'Analytics events come from browser sessions, not app tokens');
  }
  const wait = await spendAnalyticsBudget(ctx, caller, addressKey(request.ip), body.messages.length);
  if (wait > 0)
    throw tooManyRequests('RATE_LIMITED', `Too many analytics events; send them again in ${wait} seconds`, wait);
  const receivedAt = ctx.now();
  await storeEvents(
    ctx.db,
    body.messages.map((message) => eventRow(message, caller, receivedAt)),
  );
  return { acknowledged: body.messages.map((message) => message.data.metadata.eventId), refused: [] };
});
