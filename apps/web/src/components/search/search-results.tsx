'use client';

import type { PersonView } from '@civitas/contract';
import { useLocale, useTranslations } from 'next-intl';
import { formatCount, useSearchInfiniteQuery } from '@/client';
import { Link } from '@/components/link';
import { InfiniteList, type InfiniteResult } from '../feed/infinite-list';
import { PagedPeopleList } from '../people/people-list';
import styles from './search.module.css';

/** A hashtag as search answers it. */
interface HashtagMatch {
  name: string;
  postsCount: number;
}

/** The people `q` finds, best match first, each with a follow button for a citizen. */
export function PeopleResults({ q, signedIn }: { q: string; signedIn: boolean }) {
  const t = useTranslations('Search');
  const result = useSearchInfiniteQuery({ query: { q, kind: 'people' } });
  return (
    <PagedPeopleList
      result={result as InfiniteResult<PersonView>}
      label={t('peopleLabel', { q })}
      empty={t('noPeople', { q })}
      followable={signedIn}
    />
  );
}

/** The hashtags in use that `q` starts, most used first, each leading to its posts. */
export function HashtagResults({ q }: { q: string }) {
  const t = useTranslations('Search');
  const locale = useLocale();
  const result = useSearchInfiniteQuery({ query: { q, kind: 'hashtags' } });
  return (
    <InfiniteList
      as="ul"
      result={result as InfiniteResult<HashtagMatch>}
      keyOf={(tag) => tag.name}
      label={t('hashtagsLabel', { q })}
      empty={<p>{t('noHashtags', { q })}</p>}
      listClassName={styles.tags}
      renderItem={(tag) => (
        <Link className={styles.tag} href={`/hashtags/${encodeURIComponent(tag.name.toLowerCase())}`}>
          <span className={styles.tagName} dir="auto">
            #{tag.name}
          </span>
          <span className={styles.tagCount}>
            {t('posts', { count: tag.postsCount, formatted: formatCount(tag.postsCount, locale) })}
          </span>
        </Link>
      )}
    />
  );
}
