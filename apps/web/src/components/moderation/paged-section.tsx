'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import buttons from '../buttons.module.css';
import { ErrorMessage } from '../error-message';
import type { InfiniteResult } from '../feed/infinite-list';
import styles from './moderation.module.css';

/** What the section needs of an RTK Query infinite query's result: what a feed's list needs, and its states. */
interface PagedResult<T> extends InfiniteResult<T> {
  isError: boolean;
  isSuccess: boolean;
  isFetching: boolean;
}

interface PagedSectionProps<T> {
  /** The section's heading's id, and its words (for screen readers: the page's tabs name the view). */
  id: string;
  heading: string;
  intro: string;
  empty: string;
  result: PagedResult<T>;
  keyOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}

/**
 * One of the moderation screen's two views (ADR 073), the queue or the log: its list as the API pages it, with
 * "Show more" for the next page (no loading on scroll: a moderator reads each entry), and its loading, empty and
 * failed states.
 */
export function PagedSection<T>({ id, heading, intro, empty, result, keyOf, renderItem }: PagedSectionProps<T>) {
  const t = useTranslations('Moderation.queue');
  const items = result.data?.pages.flatMap((page) => page.data) ?? [];
  if (result.isError && items.length === 0) {
    return <ErrorMessage error={result.error} onRetry={() => result.refetch()} />;
  }
  return (
    <section aria-labelledby={id} aria-busy={result.isFetching}>
      <h2 id={id} className="visually-hidden">
        {heading}
      </h2>
      <p className={styles.intro}>{intro}</p>
      {result.isLoading ? <p role="status">{t('loading')}</p> : null}
      {result.isSuccess && items.length === 0 ? <p className={styles.empty}>{empty}</p> : null}
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={keyOf(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      {result.hasNextPage ? (
        <button
          type="button"
          className={buttons.secondary}
          disabled={result.isFetchingNextPage}
          onClick={() => result.fetchNextPage()}
        >
          {result.isFetchingNextPage ? t('loading') : t('more')}
        </button>
      ) : null}
    </section>
  );
}
