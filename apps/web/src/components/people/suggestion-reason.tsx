'use client';

import type { SuggestedCreatorView } from '@civitas/contract';
import { useFormatter, useTranslations } from 'next-intl';
import { suggestionReasonText } from './suggestion-reason-text';

/** A suggestion's reason in the interface language. */
export function SuggestionReason({ suggestion }: { suggestion: Pick<SuggestedCreatorView, 'reason' | 'via'> }) {
  const t = useTranslations('People.reason');
  const format = useFormatter();
  return suggestionReasonText(suggestion, t, (items) => format.list(items, { type: 'conjunction' }));
}
