'use client';

import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { useGetMyRelevantCitizensQuery, useGetMyRelevantCreatorsQuery } from '@/client';
import { DismissButton } from '@/components/people/dismiss-button';
import styles from '@/components/people/people.module.css';
import { PeopleList } from '@/components/people/people-list';

type Result = Parameters<typeof PeopleList>[0]['result'];

/** One of my network's lists (ADR 007), each person with Follow and Dismiss. */
function RelevantSection({
  id,
  heading,
  label,
  empty,
  result,
}: {
  id: string;
  heading: string;
  label: string;
  empty: string;
  result: Result;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      <PeopleList
        result={result}
        label={label}
        empty={empty}
        actionOf={(person) => (
          <DismissButton
            citizenId={person.id}
            name={person.displayName}
            onDismiss={() => headingRef.current?.focus()}
          />
        )}
      />
    </section>
  );
}

/** "Creators you may like" (followed by people I follow) and "People you may know" (friends of my friends). */
export function RelevantSections() {
  const t = useTranslations('People');
  const creators = useGetMyRelevantCreatorsQuery(undefined);
  const citizens = useGetMyRelevantCitizensQuery(undefined);
  return (
    <>
      <RelevantSection
        id="relevant-creators-heading"
        heading={t('creators.heading')}
        label={t('creators.label')}
        empty={t('creators.empty')}
        result={creators}
      />
      <RelevantSection
        id="relevant-citizens-heading"
        heading={t('citizens.heading')}
        label={t('citizens.label')}
        empty={t('citizens.empty')}
        result={citizens}
      />
    </>
  );
}
