'use client';

import { useTranslations } from 'next-intl';
import { useGetReportQueueInfiniteQuery } from '@/client/api/moderation-queue-api';
import { PagedSection } from './paged-section';
import { ReportGroup } from './report-group';

/**
 * The reports queue (ADR 070): subjects with open reports first, oldest first, then decided ones; paged as the
 * API pages ("Show more" asks for the next page). A decision fetches it again (moderation-queue-api.ts), so a
 * subject moves from open to decided where the moderator can see it.
 */
export function ReportQueue() {
  const t = useTranslations('Moderation');
  const queue = useGetReportQueueInfiniteQuery({ query: { size: 10 } });
  return (
    <PagedSection
      id="moderation-queue"
      heading={t('views.queue')}
      intro={t('queue.intro')}
      empty={t('queue.empty')}
      result={queue}
      keyOf={(group) => `${group.state}:${group.subject.kind}:${group.subject.id}`}
      renderItem={(group) => <ReportGroup group={group} />}
    />
  );
}
