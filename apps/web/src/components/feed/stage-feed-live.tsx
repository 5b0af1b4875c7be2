'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useState } from 'react';
import { seedStageFeed, useAppDispatch, useGetMeQuery, useGetStageFeedInfiniteQuery } from '@/client';
import { StoreProvider } from '@/client/store-provider';
import { countryName, DEFAULT_COUNTRY } from '@/i18n/region';
import styles from './feed.module.css';
import { PostFeed } from './post-feed';
import type { StageStart } from './stage-start';

export interface LiveStageProps {
  signedIn: boolean;
  guestCountry: string;
  start: StageStart | null;
  /** A new snapshot the person asked for ("refresh"); none: the server's. */
  snapshot: string | undefined;
  /** The server-rendered cards of `start`'s page. */
  lead: ReactNode;
}

/** The stage with the store: loaded when the person pages on or refreshes, or when the server had no page. */
export function LiveStageFeed(props: LiveStageProps) {
  return (
    <StoreProvider>
      <LiveStage {...props} />
    </StoreProvider>
  );
}

/**
 * With `start` the server's page is the query's first page (seeded into the store), so only the pages after it
 * are asked for. Without it (the server's read failed) the browser finds the country and reads the stage itself;
 * a country whose stage is still empty shows the default country's stage rather than nothing.
 */
function LiveStage({ signedIn, guestCountry, start, snapshot, lead }: LiveStageProps) {
  const t = useTranslations('Feed');
  const locale = useLocale();
  const dispatch = useAppDispatch();
  // Once per mount, before the query hook reads the store.
  useState(() => (start ? dispatch(seedStageFeed({ query: { country: start.country } }, start.page)) : undefined));
  const me = useGetMeQuery(undefined, { skip: !signedIn || start !== null });
  const ownCountry = start?.country ?? (signedIn ? me.data?.country : guestCountry) ?? guestCountry;
  const [fellBack, setFellBack] = useState(false);
  const country = fellBack ? DEFAULT_COUNTRY : ownCountry;
  const feed = useGetStageFeedInfiniteQuery(
    { query: { country, ...(snapshot ? { timestamp: snapshot } : {}) } },
    { skip: !start && signedIn && !me.data && !me.error },
  );
  const firstPageEmpty = feed.data?.pages[0]?.data.length === 0;
  useEffect(() => {
    if (!start && firstPageEmpty && country !== DEFAULT_COUNTRY) setFellBack(true);
  }, [start, firstPageEmpty, country]);
  // An empty first page that is about to be replaced (by the default country's stage, or by the page being
  // fetched for new arguments) is still loading: saying "nothing here" first would flash and shift the page.
  const settling = firstPageEmpty && ((!start && country !== DEFAULT_COUNTRY) || feed.isFetching);
  // The server's cards stand for the server's snapshot only; a refresh shows the new snapshot's own.
  const serverPage = start && !snapshot && start.page.data.length > 0 ? start.page : null;
  return (
    <>
      {fellBack ? (
        <p className={styles.note}>{t('stageFallback', { country: countryName(DEFAULT_COUNTRY, locale) })}</p>
      ) : null}
      <PostFeed
        result={{ ...feed, isLoading: feed.isLoading || (signedIn && me.isLoading) || settling }}
        signedIn={signedIn}
        label={t('stageLabel')}
        empty={<p>{t('stageEmpty')}</p>}
        lead={serverPage ? { node: lead, keys: serverPage.data.map((post) => post.id) } : undefined}
      />
    </>
  );
}
