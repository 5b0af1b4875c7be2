import { LANGUAGE_COOKIE, languages } from '@civitas/contract/routes-table';

/** The interface languages of docs/product.md §1 (the contract's, which the API's emails speak too); English is the fallback. */
export const locales = languages;

export type Locale = (typeof locales)[number];

/** Each language by its own name, as a person looking for it would recognise it (never translated). */
export const localeNames: Readonly<Record<Locale, string>> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  hi: 'हिन्दी',
  it: 'Italiano',
};

export const defaultLocale: Locale = 'en';

export function isLocale(value: string | null | undefined): value is Locale {
  return (locales as readonly string[]).includes(value ?? '');
}

/** The query parameter that forces the interface language on any route (docs/product.md §2). */
export const displayLanguageParam = 'displayLanguage';

/** The request header through which the proxy hands its choice to server rendering (never trusted from outside). */
export const localeHeader = 'x-civitas-locale';

/**
 * Remembers a language chosen with `displayLanguage` (or the footer's language links) for a year, so it holds
 * on every later page. A preference the person set themselves, needed to show the site as asked: essential.
 * The API's sign-in callback sets it too, from the citizen's profile (ADR 003), so its name lives in the contract.
 */
export const languageCookie = LANGUAGE_COOKIE;
