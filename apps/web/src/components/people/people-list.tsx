'use client';

import type { PersonView } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { type ReactNode, useState } from 'react';
import { ErrorMessage } from '../error-message';
import { InfiniteList, type InfiniteResult } from '../feed/infinite-list';
import styles from './people.module.css';
import { PersonRow } from './person-row';

/** What a list may add to each person's row. */
interface RowParts<P extends PersonView> {
  extraOf?: (person: P) => ReactNode;
  actionOf?: (person: P) => ReactNode;
  /** False for a guest's list: no follow buttons (PersonRow). */
  followable?: boolean;
}

const rowOf = <P extends PersonView>(person: P, { extraOf, actionOf, followable }: RowParts<P>) => (
  <PersonRow person={person} extra={extraOf?.(person)} action={actionOf?.(person)} followable={followable} />
);

interface PagedPeopleListProps<P extends PersonView> extends RowParts<P> {
  result: InfiniteResult<P>;
  label: string;
  empty: ReactNode;
  autoLoad?: boolean;
}

/** A paged list of people (offset or continuation), loading the next page near its end (docs/product.md §9). */
export function PagedPeopleList<P extends PersonView>({
  result,
  label,
  empty,
  autoLoad,
  ...parts
}: PagedPeopleListProps<P>) {
  return (
    <InfiniteList
      as="ul"
      result={result}
      keyOf={(person) => person.id}
      label={label}
      empty={empty}
      autoLoad={autoLoad}
      renderItem={(person) => rowOf(person, parts)}
    />
  );
}

interface PeopleListProps<P extends PersonView> extends RowParts<P> {
  result: { data?: { data: P[] } | undefined; error?: unknown; isLoading: boolean; refetch: () => unknown };
  label: string;
  empty: ReactNode;
  /** How many rows show before "show all". */
  initialCount?: number;
}

/** A short, unpaged list of people (at most 50): the first few, and the rest on request. */
export function PeopleList<P extends PersonView>({
  result,
  label,
  empty,
  initialCount = 5,
  ...parts
}: PeopleListProps<P>) {
  const t = useTranslations('People');
  const [expanded, setExpanded] = useState(false);
  if (result.isLoading) {
    return (
      <p role="status" className={styles.status}>
        {t('loading')}
      </p>
    );
  }
  const people = result.data?.data ?? [];
  if (result.error && people.length === 0)
    return <ErrorMessage error={result.error} onRetry={() => result.refetch()} />;
  if (people.length === 0) return <p className={styles.status}>{empty}</p>;
  const shown = expanded ? people : people.slice(0, initialCount);
  return (
    <>
      <ul aria-label={label} className={styles.list}>
        {shown.map((person) => (
          <li key={person.id}>{rowOf(person, parts)}</li>
        ))}
      </ul>
      {people.length > initialCount ? (
        <button type="button" className={styles.more} aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? t('showFewer') : t('showAll', { count: people.length })}
        </button>
      ) : null}
    </>
  );
}
