/** Formatters are costly to build and counts are shown in long lists: one per language. */
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A count in the compact format of the interface language (spec §9): 1234 → "1.2K" (en), "1,2 Mio." for
 * 1.2 million (de), "1.2 हज़ार" (hi). Counts are whole and never negative; anything else shows as 0.
 */
export function formatCount(count: number, locale: string): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { notation: 'compact' });
    formatters.set(locale, formatter);
  }
  return formatter.format(Number.isFinite(count) && count > 0 ? Math.floor(count) : 0);
}
