'use client';

import type { PersonView } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { DismissButton } from '@/components/people/dismiss-button';
import styles from '@/components/people/people.module.css';
import { PeopleList } from '@/components/people/people-list';

type Result = Parameters<typeof PeopleList<PersonView>>[0]['result'];

/**
 * One of my network's lists (ADR 007), each person with Follow and Dismiss: "creators you may like" (followed by
 * people I follow) or "people you may know" (friends of my friends). Only the people `keep` places here are
 * shown; when the server had people but all of them are shown above, the section is left out: its "no one yet"
 * would not be true.
 */
export function RelevantSection({
  which,
  result,
  keep,
}: {
  which: 'creators' | 'citizens';
  result: Result;
  keep: (id: string) => boolean;
}) {
  const t = useTranslations(`People.${which}`);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const everyone = result.data?.data ?? [];
  const people = everyone.filter((person) => keep(person.id));
  if (everyone.length > 0 && people.length === 0) return null;
  const id = `relevant-${which}-heading`;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1}>
        {t('heading')}
      </h2>
      <PeopleList
        result={{ ...result, data: result.data ? { data: people } : undefined }}
        label={t('label')}
        empty={t('empty')}
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
