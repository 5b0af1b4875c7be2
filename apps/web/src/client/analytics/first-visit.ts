import type { AnalyticsQueue } from './queue';

/** Tab-session storage key of the first visit's time (docs/product.md §3, "What the browser keeps"). */
export const VISITED_AT_KEY = 'civitas.visitedAt';
export const SESSION_USER_VISITED = 'session_user_visited';

/**
 * docs/product.md §4: the first visit in a browser tab session emits `session_user_visited` and stores when it was.
 * Without consent nothing is emitted nor stored, so a person who consents later in the tab still counts.
 */
export function recordFirstVisit(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  analytics: Pick<AnalyticsQueue, 'track'>,
  now: number,
): boolean {
  if (storage.getItem(VISITED_AT_KEY) !== null) return false;
  if (!analytics.track(SESSION_USER_VISITED)) return false;
  storage.setItem(VISITED_AT_KEY, String(now));
  return true;
}
