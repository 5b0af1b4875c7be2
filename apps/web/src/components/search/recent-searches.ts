/**
 * The searches a person made on this browser (ADR 082), newest first: kept in localStorage, never sent anywhere,
 * so the search screen can offer them again. A search counts once opened (a result followed, or Enter).
 */
export interface RecentSearch {
  q: string;
  kind: 'people' | 'hashtags';
}

export const RECENT_SEARCHES_KEY = 'civitas.recent-searches';
export const MOST_RECENT_SEARCHES = 8;

const isRecentSearch = (value: unknown): value is RecentSearch =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RecentSearch).q === 'string' &&
  (value as RecentSearch).q.trim() !== '' &&
  ((value as RecentSearch).kind === 'people' || (value as RecentSearch).kind === 'hashtags');

/** What the storage holds, whatever another version or a person's tinkering left there. */
export function parseRecentSearches(stored: string | null): RecentSearch[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter(isRecentSearch).slice(0, MOST_RECENT_SEARCHES) : [];
  } catch {
    return [];
  }
}

/** The list with `search` first, once (the same words of another case count as the same search). */
export function withRecentSearch(list: readonly RecentSearch[], search: RecentSearch): RecentSearch[] {
  const q = search.q.trim();
  if (q === '') return [...list];
  const same = (other: RecentSearch) => other.kind === search.kind && other.q.toLowerCase() === q.toLowerCase();
  return [{ q, kind: search.kind }, ...list.filter((other) => !same(other))].slice(0, MOST_RECENT_SEARCHES);
}

/** Storage may be refused (a private window's quota, a blocked site): recent searches are then only not kept. */
export function readRecentSearches(): RecentSearch[] {
  try {
    return parseRecentSearches(window.localStorage.getItem(RECENT_SEARCHES_KEY));
  } catch {
    return [];
  }
}

export function writeRecentSearches(list: readonly RecentSearch[]): void {
  try {
    if (list.length === 0) window.localStorage.removeItem(RECENT_SEARCHES_KEY);
    else window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list));
  } catch {
    // Not kept: nothing else depends on it.
  }
}
