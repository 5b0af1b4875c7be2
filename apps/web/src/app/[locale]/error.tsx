'use client';

import { useTranslations } from 'next-intl';

/**
 * A page that failed to render (a bug, or the API down during a server render) says so in words and offers
 * to try again, inside the wrapper, instead of Next's bare error screen.
 */
export default function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('Errors');
  return (
    <article role="alert">
      <h1>{t('pageFailedHeading')}</h1>
      <p>{t('generic')}</p>
      <p>
        <button type="button" onClick={reset}>
          {t('retry')}
        </button>{' '}
        <a href="/">{t('backToStage')}</a>
      </p>
    </article>
  );
}
