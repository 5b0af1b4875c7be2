import { describe, expect, it, vi } from 'vitest';
import { formatCount } from './compact-count';

// ICU separates number and unit with a no-break space in some languages; compare with plain spaces.
const shown = (count: number, locale: string) => formatCount(count, locale).replace(/\s/g, ' ');

describe('compact counts in the interface language (docs/product.md §9)', () => {
  it('English', () => {
    expect(shown(999, 'en')).toBe('999');
    expect(shown(1234, 'en')).toBe('1.2K');
    expect(shown(1_234_567, 'en')).toBe('1.2M');
  });

  it('German: a decimal comma and German units (thousands stay written out in the short form)', () => {
    expect(shown(1_234_567, 'de')).toBe('1,2 Mio.');
    expect(shown(1_500_000_000, 'de')).toBe('1,5 Mrd.');
    expect(shown(1234, 'de')).toBe('1234');
  });

  it('Hindi, French, Spanish and Italian', () => {
    expect(shown(1234, 'hi')).toBe('1.2 हज़ार');
    expect(shown(1234, 'fr')).toBe('1,2 k');
    expect(shown(1234, 'es')).toBe('1,2 mil');
    expect(shown(1_234_567, 'it')).toBe('1,2 Mln');
  });

  it('shows anything that is not a count as 0', () => {
    expect(shown(-3, 'en')).toBe('0');
    expect(shown(Number.NaN, 'en')).toBe('0');
    expect(shown(2.7, 'en')).toBe('2');
  });
});

describe('counts below 1000 (ADR 055)', () => {
  const LOCALES = ['en', 'de', 'es', 'fr', 'hi', 'it'];

  it('read as every language’s own formatters write them, compact and exact', () => {
    for (const locale of LOCALES) {
      const compact = new Intl.NumberFormat(locale, { notation: 'compact' });
      const exact = new Intl.NumberFormat(locale);
      for (let count = 0; count < 1000; count += 1) {
        expect(formatCount(count, locale), `${count} in ${locale}`).toBe(compact.format(count));
        expect(formatCount(count, locale, 'exact'), `${count} in ${locale}`).toBe(exact.format(count));
      }
    }
  });

  it('are written without making a formatter; larger compact ones make one per language', async () => {
    const Real = Intl.NumberFormat;
    const made: string[] = [];
    Intl.NumberFormat = new Proxy(Real, {
      construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
        made.push(String(args[0]));
        return Reflect.construct(target, args);
      },
    });
    try {
      vi.resetModules();
      const { formatCount: fresh } = await import('./compact-count');
      for (const locale of LOCALES) expect(fresh(999, locale) + fresh(7, locale, 'exact')).toBe('9997');
      expect(made).toEqual([]);
      expect(fresh(1234, 'en')).toBe('1.2K');
      expect(fresh(5678, 'en')).toBe('5.7K');
      expect(made).toEqual(['en']);
      expect(fresh(1234, 'en', 'exact')).toBe('1,234');
      expect(fresh(12_345, 'de', 'exact')).toBe('12.345');
    } finally {
      Intl.NumberFormat = Real;
    }
  });
});
