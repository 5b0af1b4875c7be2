import { sendAnalyticsEvents } from '@civitas/contract';
import { publicOrigin } from '../../config.js';
import { addressKey } from '../../http/address-key.js';
import { AppError, tooManyRequests } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { spendAnalyticsBudget } from './analytics-budget.js';
import { eventRow, notOurPage } from './event-rows.js';
import { storeEvents } from './store-events.js';

/**
 * The socket's HTTP twin: what a page had left when it closed (sendBeacon). It spends the same budgets as the
 * socket (analytics-budget.ts): the session's and the address's, across every socket and call in the minute.
 */
export default defineRoute(sendAnalyticsEvents, async ({ body, caller, ctx, request }) => {
  if (caller.kind !== 'citizen' && caller.kind !== 'guest') {
    throw new AppError(403, 'WRONG_IDENTITY', 'Analytics events come from browser sessions, not app tokens');
  }
  const origin = publicOrigin(ctx.config);
  const kept: typeof body.messages = [];
  const refused: { eventId: string; code: 'INVALID'; message: string }[] = [];
  for (const message of body.messages) {
    const foreign = notOurPage(message, origin);
    if (foreign) refused.push({ eventId: message.data.metadata.eventId, code: 'INVALID', message: foreign });
    else kept.push(message);
  }
  const wait = kept.length > 0 ? await spendAnalyticsBudget(ctx, caller, addressKey(request.ip), kept.length) : 0;
  if (wait > 0)
    throw tooManyRequests('RATE_LIMITED', `Too many analytics events; send them again in ${wait} seconds`, wait);
  const receivedAt = ctx.now();
  await storeEvents(
    ctx.db,
    kept.map((message) => eventRow(message, caller, receivedAt)),
  );
  return { acknowledged: kept.map((message) => message.data.metadata.eventId), refused };
});
