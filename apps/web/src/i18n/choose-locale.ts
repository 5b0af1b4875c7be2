import { defaultLocale, isLocale, type Locale } from './locales';

export interface LocaleHints {
  /** The `displayLanguage` query parameter, if the URL has one. */
  displayLanguage?: string | null;
  /** The language this browser chose before (the `civitas_language` cookie), if any. */
  remembered?: string | null;
  /** The browser's Accept-Language header, if it sent one. */
  acceptLanguage?: string | null;
}

/** `de-CH;q=0.9` → `de`: only the primary language subtag decides. */
function primaryLanguage(tag: string): string {
  return (tag.split(';')[0] ?? '').trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
}

/**
 * docs/product.md §4 "Language choice": a language forced by the URL wins; then the language this browser chose that way
 * before (remembered, so it holds on the next link); otherwise the first part of the browser language if it is
 * supported; otherwise English. Only the browser's first language counts, so a browser that prefers Japanese,
 * then German, gets English rather than a best match further down its list.
 */
export function chooseLocale({ displayLanguage, remembered, acceptLanguage }: LocaleHints): Locale {
  const forced = primaryLanguage(displayLanguage ?? '');
  if (isLocale(forced)) return forced;
  if (isLocale(remembered)) return remembered;
  const browser = primaryLanguage(acceptLanguage?.split(',')[0] ?? '');
  if (isLocale(browser)) return browser;
  return defaultLocale;
}

/** The language a URL forces (`?displayLanguage=`), when it names one we have: the one to remember. */
export function forcedLocale(displayLanguage: string | null | undefined): Locale | null {
  const forced = primaryLanguage(displayLanguage ?? '');
  return isLocale(forced) ? forced : null;
}
