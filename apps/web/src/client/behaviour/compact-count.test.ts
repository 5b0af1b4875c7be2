import { describe, expect, it } from 'vitest';
import { formatCount } from './compact-count';

// ICU separates number and unit with a no-break space in some languages; compare with plain spaces.
const shown = (count: number, locale: string) => formatCount(count, locale).replace(/\s/g, ' ');

describe('compact counts in the interface language (spec §9)', () => {
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
