'use client';

import { useTranslations } from 'next-intl';
import { useDismissSuggestionMutation } from '@/client';
import { notifyError } from '../toast';
import styles from './people.module.css';

interface DismissButtonProps {
  citizenId: string;
  /** Names the person in the button's accessible name and in the error toast. */
  name: string;
  /** Called as the row leaves, so the list can put the focus somewhere sensible. */
  onDismiss?: () => void;
}

/**
 * Dismiss a suggestion (docs/product.md §4): the person leaves every suggested and relevant list at once; when the call
 * fails they come back and a toast says why they reappeared.
 */
export function DismissButton({ citizenId, name, onDismiss }: DismissButtonProps) {
  const t = useTranslations('People.row');
  const [dismiss] = useDismissSuggestionMutation();
  const run = async () => {
    const pending = dismiss({ body: { suggestedProfileId: citizenId } });
    onDismiss?.();
    const outcome = await pending;
    if (outcome.error) notifyError(t('dismissFailed', { name }));
  };
  return (
    <button type="button" className={styles.dismiss} aria-label={t('dismissLabel', { name })} onClick={run}>
      {t('dismiss')}
    </button>
  );
}
