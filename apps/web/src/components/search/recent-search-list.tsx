'use client';

import { useTranslations } from 'next-intl';
import type { RecentSearch } from './recent-searches';
import styles from './search.module.css';

/** The searches made on this browser, newest first, each one tap from being made again; and a way to forget them. */
export function RecentSearchList({
  recent,
  onPick,
  onClear,
}: {
  recent: readonly RecentSearch[];
  onPick: (search: RecentSearch) => void;
  onClear: () => void;
}) {
  const t = useTranslations('Search');
  if (recent.length === 0) return <p className={styles.hint}>{t('hint')}</p>;
  return (
    <section aria-labelledby="recent-searches-heading">
      <div className={styles.recentHeader}>
        <h2 id="recent-searches-heading">{t('recent')}</h2>
        <button type="button" className={styles.clear} onClick={onClear}>
          {t('clearRecent')}
        </button>
      </div>
      <ul className={styles.recent}>
        {recent.map((search) => (
          <li key={`${search.kind}:${search.q}`}>
            <button type="button" className={styles.recentSearch} onClick={() => onPick(search)}>
              <span dir="auto">{search.kind === 'hashtags' ? `#${search.q}` : search.q}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
