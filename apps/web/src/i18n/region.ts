import { perLocale } from './per-locale';

/** Every region's name in a language (the sign-up's country list, the stage's fallback note). */
const regionNamesFor = perLocale((locale) => new Intl.DisplayNames([locale], { type: 'region' }));

/** A country's name in the interface language (GB → United Kingdom, Vereinigtes Königreich). */
export const countryName = (code: string, locale: string): string => regionNamesFor(locale).of(code) ?? code;

/**
 * The country a guest most likely reads from: the region of the first language tag in Accept-Language that
 * has one (`de-AT` → AT), else GB, where the birthday charity and the first stage are (docs/product.md §1).
 */
export const DEFAULT_COUNTRY = 'GB';

export function countryFromAcceptLanguage(header: string | null | undefined): string {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    const region = /^[a-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})\b/i.exec(tag)?.[1];
    if (region) return region.toUpperCase();
  }
  return DEFAULT_COUNTRY;
}
