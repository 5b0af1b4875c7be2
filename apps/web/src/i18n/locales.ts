/** The interface languages of spec §1; English is the fallback for everything else. */
export const locales = ['en', 'de', 'es', 'fr', 'hi', 'it'] as const;

export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'en';

export function isLocale(value: string | null | undefined): value is Locale {
  return (locales as readonly string[]).includes(value ?? '');
}

/** The query parameter that forces the interface language on any route (spec §2). */
export const displayLanguageParam = 'displayLanguage';

/** The request header through which the proxy hands its choice to server rendering (never trusted from outside). */
export const localeHeader = 'x-civitas-locale';
