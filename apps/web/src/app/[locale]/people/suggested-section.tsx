'use client';

import type { SuggestedCreatorView } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import type { InfiniteResult } from '@/components/feed/infinite-list';
import { DismissButton } from '@/components/people/dismiss-button';
import styles from '@/components/people/people.module.css';
import { PagedPeopleList } from '@/components/people/people-list';
import { SuggestionReason } from '@/components/people/suggestion-reason';

/**
 * "Suggested for you": creators to follow, each with its reason and a way to dismiss it. More pages come on
 * request only, so the sections below stay within reach.
 */
export function SuggestedSection({ suggestions }: { suggestions: InfiniteResult<SuggestedCreatorView> }) {
  const t = useTranslations('People.suggested');
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section className={styles.section} aria-labelledby="suggested-heading">
      <h2 id="suggested-heading" ref={heading} tabIndex={-1}>
        {t('heading')}
      </h2>
      <PagedPeopleList
        result={suggestions}
        label={t('label')}
        empty={t('empty')}
        autoLoad={false}
        extraOf={(suggestion) => <SuggestionReason suggestion={suggestion} />}
        actionOf={(suggestion) => (
          <DismissButton
            citizenId={suggestion.citizenId}
            name={suggestion.displayName}
            // The row and its button leave at once: the focus goes back to the section rather than the page.
            onDismiss={() => heading.current?.focus()}
          />
        )}
      />
    </section>
  );
}
