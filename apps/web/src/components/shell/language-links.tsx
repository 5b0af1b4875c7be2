'use client';

import { usePathname } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { displayLanguageParam, localeNames, locales } from '@/i18n/locales';
import styles from './shell.module.css';

/**
 * The language picker of every page: this page in each language. A plain link (a whole page load), so the
 * server renders the page in the new language and remembers the choice for the pages after it.
 */
export function LanguageLinks() {
  const t = useTranslations('Shell');
  const current = useLocale();
  const pathname = usePathname();
  return (
    <nav className={styles.languages} aria-label={t('languages')}>
      <ul>
        {locales.map((locale) => (
          <li key={locale}>
            <a
              href={`${pathname}?${displayLanguageParam}=${locale}`}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
            >
              {localeNames[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
