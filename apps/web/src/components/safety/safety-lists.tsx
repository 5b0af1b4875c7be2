'use client';

import { useTranslations } from 'next-intl';
import { useGetBlockedInfiniteQuery, useGetMutedInfiniteQuery } from '@/client';
import styles from '../people/people.module.css';
import { MyReports } from './my-reports';
import { SafetyList } from './safety-list';

/** The three sections of /me/safety (ADR 071), each loading its first page and more on "Show more". */
export function SafetyLists() {
  const t = useTranslations('Safety.page');
  const blocked = useGetBlockedInfiniteQuery({});
  const muted = useGetMutedInfiniteQuery({});
  return (
    <>
      <section className={styles.section} aria-labelledby="safety-blocked">
        <h2 id="safety-blocked" tabIndex={-1}>
          {t('blockedHeading')}
        </h2>
        <SafetyList kind="blocked" result={blocked} headingId="safety-blocked" />
      </section>
      <section className={styles.section} aria-labelledby="safety-muted">
        <h2 id="safety-muted" tabIndex={-1}>
          {t('mutedHeading')}
        </h2>
        <SafetyList kind="muted" result={muted} headingId="safety-muted" />
      </section>
      <section className={styles.section} aria-labelledby="safety-reports">
        <h2 id="safety-reports">{t('reportsHeading')}</h2>
        <MyReports />
      </section>
    </>
  );
}
