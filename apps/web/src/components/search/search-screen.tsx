'use client';

import { useTranslations } from 'next-intl';
import { type MouseEvent, useEffect, useState } from 'react';
import { replaceAddressParam } from '@/client/behaviour/address-param';
import { ProfileTabs } from '../profile/profile-tabs';
import { RecentSearchList } from './recent-search-list';
import { type RecentSearch, readRecentSearches, withRecentSearch, writeRecentSearches } from './recent-searches';
import styles from './search.module.css';
import { HashtagResults, PeopleResults } from './search-results';

/** How long typing rests before a search is asked for: one call per word typed, not per key. */
const TYPING_PAUSE_MS = 250;

/**
 * Search (ADR 082): a field, people and hashtags as tabs, and the matches as the person types (after a pause); with
 * nothing typed, the searches made on this browser. What is typed is kept in the address (`?q=`, replacing the
 * history entry), so Back from a profile opened here comes back to the same results. A search is remembered once a
 * result is opened or Enter pressed.
 */
export function SearchScreen({ initialQuery, signedIn }: { initialQuery: string; signedIn: boolean }) {
  const t = useTranslations('Search');
  const [typed, setTyped] = useState(initialQuery);
  const [q, setQ] = useState(initialQuery.trim());
  const [recent, setRecent] = useState<RecentSearch[]>([]);
  useEffect(() => setRecent(readRecentSearches()), []);
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  useEffect(() => replaceAddressParam('q', q === '' ? null : q), [q]);

  const remember = (search: RecentSearch) => {
    const next = withRecentSearch(readRecentSearches(), search);
    setRecent(next);
    writeRecentSearches(next);
  };
  const forget = () => {
    setRecent([]);
    writeRecentSearches([]);
  };
  const rememberOnOpen = (kind: RecentSearch['kind']) => (event: MouseEvent) => {
    if (q !== '' && (event.target as Element).closest('a')) remember({ q, kind });
  };
  const resultsOf = (kind: RecentSearch['kind']) => (
    // biome-ignore lint/a11y/noStaticElementInteractions: only listens for its links being followed, which are the controls.
    // biome-ignore lint/a11y/useKeyWithClickEvents: a link followed with the keyboard is a click too.
    <div onClick={rememberOnOpen(kind)}>
      {kind === 'people' ? <PeopleResults q={q} signedIn={signedIn} /> : <HashtagResults q={q} />}
    </div>
  );

  return (
    <section aria-labelledby="search-heading" className={styles.screen}>
      <h1 id="search-heading" className="visually-hidden">
        {t('title')}
      </h1>
      <search>
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            const words = typed.trim();
            setQ(words);
            if (words !== '') remember({ q: words, kind: 'people' });
          }}
        >
          <label htmlFor="search-field" className="visually-hidden">
            {t('label')}
          </label>
          <input
            id="search-field"
            className={styles.field}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t('placeholder')}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={60}
          />
        </form>
      </search>
      {q === '' ? (
        <RecentSearchList
          recent={recent}
          onPick={(search) => {
            setTyped(search.q);
            setQ(search.q);
            replaceAddressParam('tab', search.kind === 'people' ? null : search.kind);
          }}
          onClear={forget}
        />
      ) : (
        <ProfileTabs
          label={t('kinds')}
          tabs={[
            { id: 'people', label: t('people'), panel: resultsOf('people') },
            { id: 'hashtags', label: t('hashtags'), panel: resultsOf('hashtags') },
          ]}
        />
      )}
    </section>
  );
}
