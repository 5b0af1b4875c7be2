'use client';

import { useTranslations } from 'next-intl';
import { errorMessageKey } from '@/client/api/errors';

type ErrorKey = Parameters<ReturnType<typeof useTranslations<'Errors'>>>[0];

/** The words for a failed call (docs/product.md §8's failure kinds), from the `Errors` messages. */
export function useErrorText(): (error: unknown) => string {
  const t = useTranslations('Errors');
  return (error) => t(errorMessageKey(error).replace(/^Errors\./, '') as ErrorKey);
}

/** A failed load, said in words, with a way to try again. */
export function ErrorMessage({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useTranslations('Errors');
  const text = useErrorText();
  return (
    <div role="alert" className="error-message">
      <p>{text(error)}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          {t('retry')}
        </button>
      ) : null}
    </div>
  );
}
