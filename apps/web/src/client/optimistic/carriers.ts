/**
 * The shapes in which the caches hold items: one item (a post, a profile), a list `{ data }`, or an infinite
 * query's pages `{ pages: [{ data }] }`. Recipes here work on any of them, so one change reaches every
 * cached copy of an item. They change the value in place: RTK Query hands them Immer drafts.
 */
export type Carrier<T> = T | { data: T[]; total?: number } | { pages: { data: T[]; total?: number }[] };

const isPaged = <T>(carrier: Carrier<T>): carrier is { pages: { data: T[]; total?: number }[] } =>
  typeof carrier === 'object' && carrier !== null && 'pages' in carrier && Array.isArray(carrier.pages);

const isList = <T>(carrier: Carrier<T>): carrier is { data: T[]; total?: number } =>
  typeof carrier === 'object' && carrier !== null && 'data' in carrier && Array.isArray(carrier.data);

/** Every item a cached value holds. */
export function itemsOf<T>(carrier: Carrier<T>): T[] {
  if (isPaged(carrier)) return carrier.pages.flatMap((page) => page.data);
  if (isList(carrier)) return carrier.data;
  return [carrier];
}

/** Takes matching items out of every list (an offset page's `total` shrinks with them). */
export function removeItems<T>(carrier: Carrier<T>, matches: (item: T) => boolean): void {
  const lists = isPaged(carrier) ? carrier.pages : isList(carrier) ? [carrier] : [];
  for (const list of lists) {
    const kept = list.data.filter((item) => !matches(item));
    const removed = list.data.length - kept.length;
    if (removed === 0) continue;
    list.data = kept;
    if (typeof list.total === 'number') list.total = Math.max(0, list.total - removed);
  }
}

/** Counts shown to people never go below zero, whatever order the calls come back in. */
export const adjustCount = (count: number, delta: number): number => Math.max(0, count + delta);
