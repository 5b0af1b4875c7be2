'use client';

import type { getStageFeed } from '@civitas/contract';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { type ResultOf, seedStageFeed, useAppDispatch, useGetMeQuery, useGetStageFeedInfiniteQuery } from '@/client';
import { DEFAULT_COUNTRY } from '@/i18n/region';
import styles from './feed.module.css';
import { PostFeed } from './post-feed';

/** A country's name in the interface language (GB → United Kingdom, Vereinigtes Königreich). */
const countryName = (code: string, locale: string): string =>
  new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;

/** The stage's first page as the server read it for this visitor (page.tsx). */
export interface StageStart {
  /** The country of the page: the person's own, or the default one when theirs was empty. */
  country: string;
  /** The person's own country's stage was empty, so `country` is the default one. */
  fellBack: boolean;
  page: ResultOf<typeof getStageFeed>;
}

/**
 * The main stage for the person's country (their profile's, or the guest's language region). The first load
 * asks for "now", which every guest shares; "refresh" asks for a new snapshot explicitly (spec: refreshing
 * takes a new snapshot), so newer posts enter without mixing two snapshots in one list.
 *
 * With `start` (the server's first page) the page is the query's first page from the first render on, in the
 * server's HTML and the browser's store alike, and the browser asks only for the pages after it. Without it
 * (the server's read failed) the browser finds the country and reads the stage itself.
 */
export function StageFeed({
  signedIn,
  guestCountry,
  start,
}: {
  signedIn: boolean;
  guestCountry: string;
  start: StageStart | null;
}) {
  const t = useTranslations('Feed');
  const locale = useLocale();
  const dispatch = useAppDispatch();
  // Once per mount, before the query hook reads the store: during the render, so the server's render has it too.
  useState(() => (start ? dispatch(seedStageFeed({ query: { country: start.country } }, start.page)) : undefined));
  const me = useGetMeQuery(undefined, { skip: !signedIn || start !== null });
  const ownCountry = start?.country ?? (signedIn ? me.data?.country : guestCountry) ?? guestCountry;
  // A country whose stage is still empty shows the default country's stage rather than nothing.
  const [fellBack, setFellBack] = useState(start?.fellBack ?? false);
  const country = fellBack ? DEFAULT_COUNTRY : ownCountry;
  const [snapshot, setSnapshot] = useState<string | undefined>(undefined);
  const feed = useGetStageFeedInfiniteQuery(
    { query: { country, ...(snapshot ? { timestamp: snapshot } : {}) } },
    { skip: !start && signedIn && !me.data && !me.error },
  );
  const firstPageEmpty = feed.data?.pages[0]?.data.length === 0;
  useEffect(() => {
    if (firstPageEmpty && country !== DEFAULT_COUNTRY) setFellBack(true);
  }, [firstPageEmpty, country]);
  // An empty first page that is about to be replaced (by the default country's stage, or by the page being
  // fetched for new arguments) is still loading: saying "nothing here" first would flash and shift the page.
  const settling = firstPageEmpty && (country !== DEFAULT_COUNTRY || feed.isFetching);
  return (
    <section aria-labelledby="stage-heading">
      <div className={styles.toolbar}>
        <h1 id="stage-heading">{t('stageHeading')}</h1>
        <button type="button" className={styles.refresh} onClick={() => setSnapshot(String(Date.now()))}>
          {t('refresh')}
        </button>
      </div>
      {fellBack ? (
        <p className={styles.note}>{t('stageFallback', { country: countryName(DEFAULT_COUNTRY, locale) })}</p>
      ) : null}
      <PostFeed
        result={{ ...feed, isLoading: feed.isLoading || (signedIn && me.isLoading) || settling }}
        signedIn={signedIn}
        label={t('stageLabel')}
        empty={<p>{t('stageEmpty')}</p>}
      />
    </section>
  );
}
