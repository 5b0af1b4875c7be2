'use client';

import { useTranslations } from 'next-intl';
import { type ComponentType, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useErrorText } from '../error-message';
import { notifyError } from '../toast';
import styles from './feed.module.css';
import type { LiveStageProps } from './stage-feed-live';
import type { StageStart } from './stage-start';
import { useNearViewport } from './use-near-viewport';

export type { StageStart } from './stage-start';

/** InfiniteList's list of posts. */
const List = 'div';

const loadLive = () => import('./stage-feed-live').then((module) => module.LiveStageFeed);

/**
 * The main stage for the person's country (their profile's, or the guest's language region). The first load
 * asks for "now", which every guest shares; "refresh" asks for a new snapshot explicitly (docs/product.md §4: refreshing
 * takes a new snapshot), so newer posts enter without mixing two snapshots in one list.
 *
 * An island over the server's first page (ADR 018): `children` are that page's cards, rendered on the server.
 * The store and the paging come (stage-feed-live.tsx) when the person nears the end, asks for more or
 * refreshes; without `start` (the server's read failed) they come at once.
 */
export function StageFeed({
  signedIn,
  guestCountry,
  start,
  children,
}: {
  signedIn: boolean;
  guestCountry: string;
  start: StageStart | null;
  children?: ReactNode;
}) {
  const t = useTranslations('Feed');
  const errorText = useErrorText();
  const [Live, setLive] = useState<ComponentType<LiveStageProps> | null>(null);
  const [snapshot, setSnapshot] = useState<string | undefined>(undefined);
  const goLive = useCallback(() => {
    loadLive().then(
      (component) => setLive(() => component),
      (error: unknown) => notifyError(errorText({ status: 'FETCH_ERROR', error: String(error) })),
    );
  }, [errorText]);
  useEffect(() => {
    if (!start) goLive();
  }, [start, goLive]);
  const refresh = () => {
    setSnapshot(String(Date.now()));
    goLive();
  };
  return (
    <section aria-labelledby="stage-heading">
      <div className={styles.toolbar}>
        {/* A citizen's home tabs name the feed already: the heading stays for screen readers only. */}
        <h1 id="stage-heading" className={signedIn ? 'visually-hidden' : undefined}>
          {t('stageHeading')}
        </h1>
        <button type="button" className={styles.refresh} onClick={refresh}>
          {t('refresh')}
        </button>
      </div>
      {start?.fellBack ? <p className={styles.note}>{t('stageFallback', { country: start.countryName })}</p> : null}
      {Live ? (
        <Live signedIn={signedIn} guestCountry={guestCountry} start={start} snapshot={snapshot} lead={children} />
      ) : (
        <ServerPage start={start} onMore={goLive}>
          {children}
        </ServerPage>
      )}
    </section>
  );
}

/** The server's first page as it came, until the store is loaded; its "show more" is the scroll sentinel too. */
function ServerPage({
  start,
  onMore,
  children,
}: {
  start: StageStart | null;
  onMore: () => void;
  children?: ReactNode;
}) {
  const t = useTranslations('Feed');
  const sentinel = useRef<HTMLButtonElement>(null);
  const [asked, setAsked] = useState(false);
  const more = useCallback(() => {
    setAsked(true);
    onMore();
  }, [onMore]);
  const hasNextPage = Boolean(start && start.page.data.length > 0 && start.page.continuationToken);
  useNearViewport(sentinel, hasNextPage && !asked, more);
  if (!start) {
    return (
      <p role="status" className={`${styles.status} ${styles.loadingPosts}`}>
        {t('loading')}
      </p>
    );
  }
  if (start.page.data.length === 0) {
    return (
      <div className={styles.status}>
        <p>{t('stageEmpty')}</p>
      </div>
    );
  }
  return (
    <>
      {/* The same element and name as InfiniteList's list of posts, which takes over from this one. */}
      <List aria-label={t('stageLabel')}>{children}</List>
      {hasNextPage ? (
        <button ref={sentinel} type="button" className={styles.more} onClick={more} disabled={asked} aria-busy={asked}>
          {asked ? t('loadingMore') : t('showMore')}
        </button>
      ) : (
        <p className={styles.status} role="status">
          {t('end')}
        </p>
      )}
    </>
  );
}
