import { perLocale } from '../../i18n/per-locale';

/** Counts are shown in long lists: one formatter per language. */
const formatterFor = perLocale((locale) => new Intl.NumberFormat(locale, { notation: 'compact' }));

/**
 * A count in the compact format of the interface language (spec §9): 1234 → "1.2K" (en), "1,2 Mio." for
 * 1.2 million (de), "1.2 हज़ार" (hi). Counts are whole and never negative; anything else shows as 0.
 */
export function formatCount(count: number, locale: string): string {
  return formatterFor(locale).format(Number.isFinite(count) && count > 0 ? Math.floor(count) : 0);
}
