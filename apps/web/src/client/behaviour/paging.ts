/**
 * Paging of docs/product.md §9. Continuation style: `size`/`continuationToken` → `{ data, continuationToken }`. Offset
 * style: `limit`/`offset` → `{ data, total }`, page 1 at offset 0, each next offset adding the limit. Either
 * way a client stops on an empty page, and on the page that carries no token or reaches the total.
 */

export interface ContinuationPage<T = unknown> {
  readonly data: readonly T[];
  readonly continuationToken: string | null;
}

export interface OffsetPage<T = unknown> {
  readonly data: readonly T[];
  readonly total: number;
}

/** The token for the next page, or undefined when paging is over (an empty page, or no token). */
export const nextContinuationToken = (page: ContinuationPage): string | undefined =>
  page.data.length === 0 || !page.continuationToken ? undefined : page.continuationToken;

/**
 * The offset of the next page, or undefined after an empty page or once the server's total is reached: a "show
 * more" that could only find an empty page is not offered.
 */
export const nextOffset = (page: OffsetPage, offset: number, limit: number): number | undefined =>
  page.data.length === 0 || offset + page.data.length >= page.total ? undefined : offset + limit;

/** Page numbers start at 1: page 1 is offset 0. */
export const offsetOfPage = (page: number, limit: number): number => (Math.max(1, Math.floor(page)) - 1) * limit;

/**
 * All items of the loaded pages in order, each once: an item that moved to a later page between two fetches
 * (offset paging while the list changes) is shown where it was first seen.
 */
export function mergePages<T>(pages: readonly { readonly data: readonly T[] }[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of pages) {
    for (const item of page.data) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  }
  return items;
}
