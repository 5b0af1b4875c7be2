'use client';

import type { MyReportView } from '@civitas/contract';
import { useLocale, useTranslations } from 'next-intl';
import { useGetMyReportsInfiniteQuery } from '@/client';
import { InfiniteList } from '../feed/infinite-list';
import { Link } from '../link';
import styles from '../people/people.module.css';
import { dateText } from './safety-list';

/**
 * The reports I sent (ADR 070's `reports/mine`), newest first: what (a post by whom, linked to its page; a comment
 * by whom, unlinked since the report does not name its post; or a citizen), why, when, and where each stands.
 */
export function MyReports() {
  const t = useTranslations('Safety');
  const locale = useLocale();
  const result = useGetMyReportsInfiniteQuery({});
  const subjectOf = ({ subject, subjectUsername: username }: MyReportView) => {
    if (subject.kind === 'post') {
      return (
        <Link className={styles.name} href={`/p/${encodeURIComponent(subject.id)}`}>
          {username ? t('page.postSubjectBy', { username }) : t('page.postSubject')}
        </Link>
      );
    }
    if (subject.kind === 'comment') {
      return (
        <span className={styles.name}>
          {username ? t('page.commentSubjectBy', { username }) : t('page.commentSubject')}
        </span>
      );
    }
    return <span className={styles.name}>{username ? `@${username}` : t('page.citizenSubject')}</span>;
  };
  return (
    <InfiniteList
      as="ul"
      result={result}
      keyOf={(report) => report.id}
      label={t('page.reportsHeading')}
      empty={<p>{t('page.reportsEmpty')}</p>}
      autoLoad={false}
      renderItem={(report) => (
        <div className={styles.row} data-report-state={report.state}>
          <div className={styles.identity}>
            {subjectOf(report)}
            <p className={styles.meta}>
              {t('page.reason', { reason: t(`report.reasons.${report.reason}`) })} ·{' '}
              {t('page.reportedOn', { date: dateText(report.createdAt, locale) })}
            </p>
            <p className={styles.extra}>{t(`page.states.${report.state}`)}</p>
          </div>
        </div>
      )}
    />
  );
}
