import type { Metadata } from 'next';
import { displayLanguageParam, locales } from './locales';

/**
 * The canonical address of a public page and the same page in each language (`hreflang` alternates), so a
 * search engine shows each reader the page in their own language. A page's language is chosen by
 * `displayLanguage` on one address; without it the reader's browser decides, which `x-default` says.
 */
export function languageAlternates(url: string): NonNullable<Metadata['alternates']> {
  const inLanguage = (locale: string) => {
    const address = new URL(url);
    address.searchParams.set(displayLanguageParam, locale);
    return address.href;
  };
  return {
    canonical: url,
    languages: {
      ...Object.fromEntries(locales.map((locale) => [locale, inLanguage(locale)])),
      'x-default': url,
    },
  };
}
