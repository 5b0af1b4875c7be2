'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useRef } from 'react';
import { mergePages } from '@/client/behaviour/paging';
import { ErrorMessage } from '../error-message';
import styles from './feed.module.css';
import { useNearViewport } from './use-near-viewport';

/** What the list needs of an RTK Query infinite query's result. */
export interface InfiniteResult<T> {
  data?: { pages: readonly { readonly data: readonly T[] }[] } | undefined;
  error?: unknown;
  isLoading: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

interface InfiniteListProps<T> {
  result: InfiniteResult<T>;
  keyOf: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Shown when the very first page is empty. */
  empty: ReactNode;
  /** Names the list for screen readers. */
  label: string;
  /** `ul` for people and grids of posts, `div` for cards (each post is its own article). */
  as?: 'ul' | 'div';
  /** The list element's look, instead of a plain list's (a grid of tiles). */
  listClassName?: string | undefined;
  /** False: more pages only on "show more", for a list with more content below it on the page. */
  autoLoad?: boolean;
  /**
   * Items the server already rendered (the first page as server components, ADR 018): shown first, and left
   * out of the pages when they come again there.
   */
  lead?: { node: ReactNode; keys: readonly string[] };
}

/**
 * A list that loads its next page as the person scrolls near its end, and stops on an empty page (docs/product.md §9).
 * The "show more" button is the scroll sentinel too, so keyboard and screen-reader users can load more.
 */
export function InfiniteList<T>({
  result,
  keyOf,
  renderItem,
  empty,
  label,
  as = 'div',
  listClassName,
  autoLoad = true,
  lead,
}: InfiniteListProps<T>) {
  const t = useTranslations('Feed');
  const sentinel = useRef<HTMLButtonElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, error } = result;
  const canLoadMore = hasNextPage && !isFetchingNextPage && !error;

  useNearViewport(sentinel, canLoadMore && autoLoad, fetchNextPage);

  if (result.isLoading) {
    return (
      // A feed of posts fills at least a screen: holding that room while it loads keeps the footer from showing
      // and then jumping away when the posts arrive (a layout shift).
      <p role="status" className={as === 'div' ? `${styles.status} ${styles.loadingPosts}` : styles.status}>
        {t('loading')}
      </p>
    );
  }
  const leadKeys = new Set(lead?.keys);
  const items = mergePages(result.data?.pages ?? [], keyOf).filter((item) => !leadKeys.has(keyOf(item)));
  const leadCount = lead?.keys.length ?? 0;
  if (items.length === 0 && leadCount === 0 && error)
    return <ErrorMessage error={error} onRetry={() => result.refetch()} />;
  if (items.length === 0 && leadCount === 0) return <div className={styles.status}>{empty}</div>;

  // "You have seen everything here" only after more than one page: under a list that came whole at once it says
  // nothing the list does not show.
  const paged = (result.data?.pages.length ?? 0) > 1;
  const List = as;
  return (
    <>
      <List aria-label={label} className={listClassName ?? (as === 'ul' ? styles.plainList : undefined)}>
        {lead?.node}
        {items.map((item, index) =>
          as === 'ul' ? (
            <li key={keyOf(item)}>{renderItem(item, leadCount + index)}</li>
          ) : (
            <div key={keyOf(item)}>{renderItem(item, leadCount + index)}</div>
          ),
        )}
      </List>
      {error ? <ErrorMessage error={error} onRetry={() => fetchNextPage()} /> : null}
      {hasNextPage ? (
        <button
          ref={sentinel}
          type="button"
          className={styles.more}
          onClick={() => fetchNextPage()}
          disabled={isFetchingNextPage}
          aria-busy={isFetchingNextPage}
        >
          {isFetchingNextPage ? t('loadingMore') : t('showMore')}
        </button>
      ) : paged ? (
        <p className={styles.status} role="status">
          {t('end')}
        </p>
      ) : null}
    </>
  );
}
