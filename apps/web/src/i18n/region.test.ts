import { describe, expect, it } from 'vitest';
import { countryFromAcceptLanguage, DEFAULT_COUNTRY } from './region';

describe('countryFromAcceptLanguage', () => {
  it('takes the region of the first tag that has one', () => {
    expect(countryFromAcceptLanguage('de-AT,de;q=0.9,en;q=0.8')).toBe('AT');
    expect(countryFromAcceptLanguage('fr,fr-CA;q=0.9')).toBe('CA');
    expect(countryFromAcceptLanguage('zh-Hant-tw')).toBe('TW');
  });

  it('falls back to GB without a region', () => {
    for (const header of [null, undefined, '', 'en', '*', 'en-419'])
      expect(countryFromAcceptLanguage(header)).toBe(DEFAULT_COUNTRY);
  });
});
