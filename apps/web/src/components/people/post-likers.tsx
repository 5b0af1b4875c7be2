'use client';

import { useTranslations } from 'next-intl';
import { useGetPostLikersInfiniteQuery } from '@/client';
import styles from './people.module.css';
import { PagedPeopleList } from './people-list';

/**
 * Who liked a post (ADR 080), the list behind its count: my friends first, then whom I follow. A post I may not
 * see answers 404, which the list says as it says any failed read.
 */
export function PostLikers({ postId }: { postId: string }) {
  const t = useTranslations('People.counts.likers');
  const result = useGetPostLikersInfiniteQuery({ params: { id: postId } });
  return (
    <section aria-labelledby="likers-heading">
      <h1 id="likers-heading" className={styles.pageHeading}>
        {t('heading')}
      </h1>
      <PagedPeopleList result={result} label={t('label')} empty={t('empty')} />
    </section>
  );
}
