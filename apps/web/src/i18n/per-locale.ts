/**
 * `make(locale)` made once per language and kept for the life of the page (or of the server process): Intl's
 * formatters and name tables are costly to build (a phone's first one of a kind loads its locale data) and
 * cheap to reuse.
 */
export function perLocale<T>(make: (locale: string) => T): (locale: string) => T {
  const made = new Map<string, T>();
  return (locale) => {
    let value = made.get(locale);
    if (value === undefined) {
      value = make(locale);
      made.set(locale, value);
    }
    return value;
  };
}
