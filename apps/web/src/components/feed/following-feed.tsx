'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useGetFollowingFeedInfiniteQuery } from '@/client';
import styles from './feed.module.css';
import { PostFeed } from './post-feed';

/**
 * The posts of the people I follow, my friends' friends-only posts and my own, newest first (ADR 081). The first
 * load asks for "now"; "refresh" asks for a new snapshot, so newer posts enter without mixing two snapshots in one
 * list, as on the stage.
 */
export function FollowingFeed() {
  const t = useTranslations('Feed');
  const [snapshot, setSnapshot] = useState<string | undefined>(undefined);
  const feed = useGetFollowingFeedInfiniteQuery({ query: snapshot ? { timestamp: snapshot } : {} });
  return (
    <section aria-labelledby="following-heading">
      <div className={styles.toolbar}>
        {/* The home tabs above name it already: the heading stays for screen readers only. */}
        <h1 id="following-heading" className="visually-hidden">
          {t('followingHeading')}
        </h1>
        <button type="button" className={styles.refresh} onClick={() => setSnapshot(String(Date.now()))}>
          {t('refresh')}
        </button>
      </div>
      <PostFeed
        result={feed}
        signedIn
        label={t('followingLabel')}
        empty={
          <div className={styles.empty}>
            <p>{t('followingEmpty')}</p>
            <a href="/people">{t('followingFindPeople')}</a>
          </div>
        }
      />
    </section>
  );
}
