import { perLocale } from '../../i18n/per-locale';

/** Counts are shown in long lists: one compact formatter per language (an exact count is rarer: a label). */
const compactFor = perLocale((locale) => new Intl.NumberFormat(locale, { notation: 'compact' }));

/**
 * Below it a whole number reads the same in every interface language, compact or exact: its digits (the test
 * holds each language's formatters to that). Such counts are written without a formatter, because a page's first
 * number formatter reads the browser's locale data: tens of milliseconds on a phone's main thread while the page
 * hydrates, for a "3" (ADR 055).
 */
const SAME_IN_EVERY_LANGUAGE = 1000;

/**
 * A count in the interface language (docs/product.md §9): compact by default (1234 → "1.2K" in en, "1,2 Mio." for 1.2
 * million in de, "1.2 हज़ार" in hi), or exact ("1,234") for a screen reader's label. Counts are whole and never
 * negative; anything else shows as 0.
 */
export function formatCount(count: number, locale: string, exact?: 'exact'): string {
  const whole = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  if (whole < SAME_IN_EVERY_LANGUAGE) return String(whole);
  return exact ? whole.toLocaleString(locale) : compactFor(locale).format(whole);
}
