'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { type Consent, consentCookie } from '@/consent/consent';
import styles from './shell.module.css';

/**
 * The cookie-consent banner (spec §1): shown until the visitor answers. Error reporting and analytics stay off
 * unless accepted; the session cookies are essential and need no consent. The answer is kept for a year.
 */
export function ConsentBanner() {
  const t = useTranslations('Shell.consent');
  const [answered, setAnswered] = useState(false);
  if (answered) return null;
  const answer = (consent: Consent) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari
    document.cookie = consentCookie(consent, window.location.protocol === 'https:');
    setAnswered(true);
  };
  return (
    <section className={styles.consent} aria-labelledby="consent-heading">
      <h2 id="consent-heading" className={styles.consentHeading}>
        {t('heading')}
      </h2>
      <p>{t('explanation')}</p>
      <div className={styles.consentActions}>
        <button
          type="button"
          className={styles.primary}
          onClick={() => answer({ errorReporting: true, analytics: true })}
        >
          {t('acceptAll')}
        </button>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => answer({ errorReporting: false, analytics: false })}
        >
          {t('essentialOnly')}
        </button>
      </div>
    </section>
  );
}
