import type { HistoryEntry } from './behaviour/navigation-history';

/**
 * Where the navigation history (docs/product.md §2) waits while the store is not loaded: a page that needs no store at once
 * (the stage, a post, a profile) keeps it out of its first load, yet every location the tab visited is still
 * pushed, in order, when the store is made (tab-store.ts). Free of Redux on purpose.
 */
type Sink = (entry: HistoryEntry) => void;

let sink: Sink | null = null;
const waiting: HistoryEntry[] = [];

/** Records a visited location: into the store once it exists, kept until then. */
export function recordLocation(entry: HistoryEntry): void {
  if (sink) sink(entry);
  else waiting.push(entry);
}

/** The store takes over: the locations kept so far are handed over first, oldest first. */
export function drainLocationsInto(next: Sink): void {
  sink = next;
  for (const entry of waiting.splice(0)) next(entry);
}
