import { describe, expect, it } from 'vitest';
import { chooseLocale, forcedLocale } from './choose-locale';

describe('chooseLocale (docs/product.md §4 "Language choice")', () => {
  it('lets the displayLanguage URL parameter win over the browser language', () => {
    expect(chooseLocale({ displayLanguage: 'de', acceptLanguage: 'fr-FR,fr;q=0.9' })).toBe('de');
    expect(chooseLocale({ displayLanguage: 'hi' })).toBe('hi');
  });

  it('keeps a language chosen before over the browser language, and lets a new forced one win over it', () => {
    expect(chooseLocale({ remembered: 'it', acceptLanguage: 'de-DE' })).toBe('it');
    expect(chooseLocale({ displayLanguage: 'fr', remembered: 'it', acceptLanguage: 'de' })).toBe('fr');
    expect(chooseLocale({ remembered: 'klingon', acceptLanguage: 'de' })).toBe('de');
    expect(forcedLocale('ES-mx')).toBe('es');
    expect(forcedLocale('xx')).toBeNull();
  });

  it('reads only the primary language of a forced value, in any case', () => {
    expect(chooseLocale({ displayLanguage: 'IT' })).toBe('it');
    expect(chooseLocale({ displayLanguage: 'es-MX', acceptLanguage: 'de' })).toBe('es');
  });

  it('ignores an unsupported or empty forced language and falls back to the browser', () => {
    expect(chooseLocale({ displayLanguage: 'xx', acceptLanguage: 'fr-CA' })).toBe('fr');
    expect(chooseLocale({ displayLanguage: '', acceptLanguage: 'it' })).toBe('it');
    expect(chooseLocale({ displayLanguage: null, acceptLanguage: 'de' })).toBe('de');
  });

  it('takes the first part of the browser language when it is supported', () => {
    expect(chooseLocale({ acceptLanguage: 'de-DE,de;q=0.9,en;q=0.8' })).toBe('de');
    expect(chooseLocale({ acceptLanguage: 'hi_IN' })).toBe('hi');
    expect(chooseLocale({ acceptLanguage: ' FR ;q=1' })).toBe('fr');
  });

  it('falls back to English when the first browser language is not supported, even if a later one is', () => {
    expect(chooseLocale({ acceptLanguage: 'ja,de;q=0.9' })).toBe('en');
    expect(chooseLocale({ acceptLanguage: '*' })).toBe('en');
  });

  it('falls back to English without any hint', () => {
    expect(chooseLocale({})).toBe('en');
    expect(chooseLocale({ displayLanguage: null, acceptLanguage: null })).toBe('en');
    expect(chooseLocale({ acceptLanguage: '' })).toBe('en');
  });
});
