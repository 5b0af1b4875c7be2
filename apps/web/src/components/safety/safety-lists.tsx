'use client';

import { useTranslations } from 'next-intl';
import { useGetBlockedInfiniteQuery, useGetMutedInfiniteQuery } from '@/client';
import styles from '../people/people.module.css';
import { MyReports } from './my-reports';
import { SafetyList } from './safety-list';

const KINDS = ['blocked', 'muted'] as const;

/** The three sections of /me/safety (ADR 071), each loading its first page and more on "Show more". */
export function SafetyLists() {
  const t = useTranslations('Safety.page');
  const lists = { blocked: useGetBlockedInfiniteQuery({}), muted: useGetMutedInfiniteQuery({}) };
  return (
    <>
      {KINDS.map((kind) => (
        <section key={kind} className={styles.section} aria-labelledby={`safety-${kind}`}>
          {/* Focusable: it takes the focus once a row of its list is undone (safety-list.tsx). */}
          <h2 id={`safety-${kind}`} tabIndex={-1}>
            {t(`${kind}Heading`)}
          </h2>
          <SafetyList kind={kind} result={lists[kind]} headingId={`safety-${kind}`} />
        </section>
      ))}
      <section className={styles.section} aria-labelledby="safety-reports">
        <h2 id="safety-reports">{t('reportsHeading')}</h2>
        <MyReports />
      </section>
    </>
  );
}
