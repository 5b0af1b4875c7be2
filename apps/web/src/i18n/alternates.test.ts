import { describe, expect, it } from 'vitest';
import { languageAlternates } from './alternates';

describe('languageAlternates', () => {
  it('names the page itself as canonical and as the default, and one address per language', () => {
    const alternates = languageAlternates('https://civitas.example/p/0190a5b0-7d4e-7c3a-9f1e-000000000002');
    expect(alternates.canonical).toBe('https://civitas.example/p/0190a5b0-7d4e-7c3a-9f1e-000000000002');
    expect(alternates.languages).toEqual({
      en: 'https://civitas.example/p/0190a5b0-7d4e-7c3a-9f1e-000000000002?displayLanguage=en',
      de: 'https://civitas.example/p/0190a5b0-7d4e-7c3a-9f1e-000000000002?displayLanguage=de',
      es: 'https://civitas.example/p/0190a5b0-7d4e-7c3a-9f1e-000000000002?displayLanguage=es',
      fr: 'https://civitas.example/p/0190a5b0-7d4e-7c3a-9f1e-000000000002?displayLanguage=fr',
      hi: 'https://civitas.example/p/0190a5b0-7d4e-7c3a-9f1e-000000000002?displayLanguage=hi',
      it: 'https://civitas.example/p/0190a5b0-7d4e-7c3a-9f1e-000000000002?displayLanguage=it',
      'x-default': 'https://civitas.example/p/0190a5b0-7d4e-7c3a-9f1e-000000000002',
    });
  });

  it('keeps a path with characters that need escaping intact', () => {
    const alternates = languageAlternates(
      'https://civitas.example/hashtags/%E0%A4%9C%E0%A4%AF%E0%A4%AA%E0%A5%81%E0%A4%B0',
    );
    expect(alternates.languages?.hi).toBe(
      'https://civitas.example/hashtags/%E0%A4%9C%E0%A4%AF%E0%A4%AA%E0%A5%81%E0%A4%B0?displayLanguage=hi',
    );
  });
});
