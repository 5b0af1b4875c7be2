import type { AnalyticsQueue } from './queue';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Tab-session storage key of the first visit's time (docs/product.md §3, "What the browser keeps"). */
export const VISITED_AT_KEY = 'civitas.visitedAt';
/**
 * Browser storage key (kept across tab sessions) of when this browser's latest visit began (docs/product.md §3
 * "last-visit time"), in epoch ms. Nothing reads it yet (ADR 059).
 */
export const LAST_VISIT_KEY = 'civitas.lastVisitAt';
export const SESSION_USER_VISITED = 'session_user_visited';

/** Where a visit is remembered: the tab's session storage and the browser's own (localStorage). */
export interface VisitStorage {
  readonly tab: KeyValueStorage;
  readonly browser: KeyValueStorage;
}

/**
 * docs/product.md §4: the first visit in a browser tab session emits `session_user_visited` and stores when it was;
 * the same time becomes the browser's last-visit time (docs/product.md §3). Without consent nothing is emitted nor
 * stored, so a person who consents later in the tab still counts (ADR 059).
 */
export function recordFirstVisit(
  storage: VisitStorage,
  analytics: Pick<AnalyticsQueue, 'track'>,
  now: number,
): boolean {
  if (storage.tab.getItem(VISITED_AT_KEY) !== null) return false;
  if (!analytics.track(SESSION_USER_VISITED)) return false;
  storage.tab.setItem(VISITED_AT_KEY, String(now));
  storage.browser.setItem(LAST_VISIT_KEY, String(now));
  return true;
}
