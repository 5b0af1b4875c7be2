'use client';

import { useTranslations } from 'next-intl';
import { useGetReportQueueInfiniteQuery } from '@/client/api/moderation-queue-api';
import buttons from '../buttons.module.css';
import { ErrorMessage } from '../error-message';
import styles from './moderation.module.css';
import { ReportGroup } from './report-group';

/**
 * The reports queue (ADR 070): subjects with open reports first, oldest first, then decided ones; paged as the
 * API pages ("Show more" asks for the next page). A decision fetches it again (moderation-queue-api.ts), so a
 * subject moves from open to decided where the moderator can see it.
 */
export function ReportQueue() {
  const t = useTranslations('Moderation');
  const queue = useGetReportQueueInfiniteQuery({ query: { size: 10 } });
  const groups = queue.data?.pages.flatMap((page) => page.data) ?? [];
  if (queue.isError && groups.length === 0) return <ErrorMessage error={queue.error} onRetry={() => queue.refetch()} />;
  return (
    <section aria-labelledby="moderation-queue" aria-busy={queue.isFetching}>
      <h2 id="moderation-queue" className="visually-hidden">
        {t('views.queue')}
      </h2>
      <p className={styles.intro}>{t('queue.intro')}</p>
      {queue.isLoading ? <p role="status">{t('queue.loading')}</p> : null}
      {queue.isSuccess && groups.length === 0 ? <p className={styles.empty}>{t('queue.empty')}</p> : null}
      <ul className={styles.list}>
        {groups.map((group) => (
          <li key={`${group.state}:${group.subject.kind}:${group.subject.id}`}>
            <ReportGroup group={group} />
          </li>
        ))}
      </ul>
      {queue.hasNextPage ? (
        <button
          type="button"
          className={buttons.secondary}
          disabled={queue.isFetchingNextPage}
          onClick={() => queue.fetchNextPage()}
        >
          {queue.isFetchingNextPage ? t('queue.loading') : t('queue.more')}
        </button>
      ) : null}
    </section>
  );
}
