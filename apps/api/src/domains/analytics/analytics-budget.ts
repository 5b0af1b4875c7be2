import type { AppContext } from '../../context.js';
import type { AnalyticsSender } from './event-rows.js';

const MINUTE_MS = 60_000;

/**
 * Spends `count` events of the analytics budgets: the session's (ANALYTICS_EVENTS_PER_MINUTE, shared by all its
 * sockets and beacons, so opening more sockets buys nothing) and its address's
 * (ANALYTICS_EVENTS_PER_ADDRESS_PER_MINUTE, since a guest session costs nothing to make). Answers the seconds
 * to wait when either is spent, else 0.
 */
export async function spendAnalyticsBudget(
  ctx: Pick<AppContext, 'limiter' | 'config'>,
  sender: AnalyticsSender,
  address: string,
  count = 1,
): Promise<number> {
  const session = `analytics:${sender.kind === 'citizen' ? sender.citizenId : sender.guestId}`;
  const [forSession, forAddress] = await Promise.all([
    ctx.limiter.hit(session, ctx.config.ANALYTICS_EVENTS_PER_MINUTE, MINUTE_MS, count),
    ctx.limiter.hit(
      `analytics-address:${address}`,
      ctx.config.ANALYTICS_EVENTS_PER_ADDRESS_PER_MINUTE,
      MINUTE_MS,
      count,
    ),
  ]);
  return Math.max(forSession, forAddress);
}
