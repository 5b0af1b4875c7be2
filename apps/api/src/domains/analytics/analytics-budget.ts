import type { AppContext } from '../../context.js';
import type { AnalyticsSender } from './event-rows.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Spends `count` events of the analytics budgets: the session's (ANALYTICS_EVENTS_PER_MINUTE, shared by all its
 * sockets and beacons, so opening more sockets buys nothing); its address's, per minute and per day
 * (ANALYTICS_EVENTS_PER_ADDRESS_PER_MINUTE and _PER_DAY, since a guest session costs nothing to make); and
 * everyone's per day (ANALYTICS_EVENTS_PER_DAY), which bounds what the store takes in, whoever sends (ADR 051).
 * Answers the seconds to wait when any is spent, else 0.
 */
export async function spendAnalyticsBudget(
  ctx: Pick<AppContext, 'limiter' | 'config'>,
  sender: AnalyticsSender,
  address: string,
  count = 1,
): Promise<number> {
  const session = `analytics:${sender.kind === 'citizen' ? sender.citizenId : sender.guestId}`;
  const { config, limiter } = ctx;
  const waits = await Promise.all([
    limiter.hit(session, config.ANALYTICS_EVENTS_PER_MINUTE, MINUTE_MS, count),
    limiter.hit(`analytics-address:${address}`, config.ANALYTICS_EVENTS_PER_ADDRESS_PER_MINUTE, MINUTE_MS, count),
    limiter.hit(`analytics-address-day:${address}`, config.ANALYTICS_EVENTS_PER_ADDRESS_PER_DAY, DAY_MS, count),
  ]);
  const wait = Math.max(...waits);
  // Everyone's budget is spent only by events the others let through: one sender's refused flood costs no one.
  return wait > 0 ? wait : limiter.hit('analytics-day', config.ANALYTICS_EVENTS_PER_DAY, DAY_MS, count);
}
