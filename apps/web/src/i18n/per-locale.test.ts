import { describe, expect, it } from 'vitest';
import { perLocale } from './per-locale';

describe('perLocale', () => {
  it('makes one value per language and hands the same one back', () => {
    const made: string[] = [];
    const namesFor = perLocale((locale) => {
      made.push(locale);
      return new Intl.DisplayNames([locale], { type: 'region' });
    });
    const english = namesFor('en');
    expect(namesFor('en')).toBe(english);
    expect(namesFor('de').of('GB')).toBe('Vereinigtes Königreich');
    expect(english.of('GB')).toBe('United Kingdom');
    expect(made).toEqual(['en', 'de']);
  });
});
