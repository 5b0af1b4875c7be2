/**
 * The navigation history of docs/product.md §2: a stack of `{ path, query, hash }` with a can-go-back flag and the
 * previous entry, which back buttons use (go back when there is somewhere to go, else to the start page).
 * Pure values: the store's navigation slice keeps one.
 */
export interface HistoryEntry {
  /** `/post/abc` */
  readonly path: string;
  /** The query string without `?`, e.g. `displayLanguage=de`. */
  readonly query: string;
  /** The fragment without `#`. */
  readonly hash: string;
}

export interface NavigationHistory {
  readonly entries: readonly HistoryEntry[];
}

/** Long sessions keep only the most recent entries; a back button never needs more. */
export const MAX_HISTORY_ENTRIES = 50;

export const emptyHistory: NavigationHistory = { entries: [] };

/** The entry of a URL on this site (`/a?b=1#c`, or an absolute URL). */
export function entryOf(url: string): HistoryEntry {
  const parsed = new URL(url, 'http://site.invalid');
  return { path: parsed.pathname, query: parsed.search.replace(/^\?/, ''), hash: parsed.hash.replace(/^#/, '') };
}

/** The link to an entry. */
export const hrefOf = (entry: HistoryEntry): string =>
  `${entry.path}${entry.query ? `?${entry.query}` : ''}${entry.hash ? `#${entry.hash}` : ''}`;

const sameEntry = (a: HistoryEntry | undefined, b: HistoryEntry): boolean =>
  a !== undefined && a.path === b.path && a.query === b.query && a.hash === b.hash;

export const currentEntry = (history: NavigationHistory): HistoryEntry | undefined => history.entries.at(-1);
export const previousEntry = (history: NavigationHistory): HistoryEntry | undefined => history.entries.at(-2);
export const canGoBack = (history: NavigationHistory): boolean => history.entries.length > 1;

/** A forward navigation (link, push). Arriving again at the current entry (a re-render) adds nothing. */
export function pushed(history: NavigationHistory, entry: HistoryEntry): NavigationHistory {
  if (sameEntry(currentEntry(history), entry)) return history;
  return { entries: [...history.entries, entry].slice(-MAX_HISTORY_ENTRIES) };
}

/** The current page was replaced (redirect, `router.replace`, a changed filter). */
export function replaced(history: NavigationHistory, entry: HistoryEntry): NavigationHistory {
  if (history.entries.length === 0) return { entries: [entry] };
  return { entries: [...history.entries.slice(0, -1), entry] };
}

/** A back navigation: the current entry leaves the stack; the first entry always stays. */
export function poppedBack(history: NavigationHistory): NavigationHistory {
  return canGoBack(history) ? { entries: history.entries.slice(0, -1) } : history;
}
