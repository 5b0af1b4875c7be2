import { getLocale, getTranslations } from 'next-intl/server';
import { displayLanguageParam, localeNames, locales } from '@/i18n/locales';
import styles from './shell.module.css';

/**
 * The language picker of every page: this page in each language. A plain link (a whole page load), so the
 * server renders the page in the new language and remembers the choice for the pages after it. The address is
 * only the query (`?displayLanguage=de`), which the browser resolves against the page shown when it is followed,
 * so the footer needs no script to keep up with client-side navigations: it is rendered once, on the server.
 */
export async function LanguageLinks() {
  const [t, current] = await Promise.all([getTranslations('Shell'), getLocale()]);
  return (
    <nav className={styles.languages} aria-label={t('languages')}>
      <ul>
        {locales.map((locale) => (
          <li key={locale}>
            <a
              href={`?${displayLanguageParam}=${locale}`}
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
