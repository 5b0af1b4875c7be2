import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import { describe, expect, it } from 'vitest';
import { localeNames } from '../i18n/locales';

/**
 * The language picker names Hindi as "हिन्दी" on every page. Where the system has no Devanagari font (the
 * shipped full face is 50 KB), only these letters are needed: hindi-name-400.woff2 is the shipped face cut down
 * to them (about 2 KB) by `subset-font` (HarfBuzz), which keeps the shaping rules the conjuncts need. It is
 * committed, and made here again to show it is still that cut of the current name and face.
 */
const COMMITTED = new URL('./hindi-name-400.woff2', import.meta.url);
const FULL_FACE = '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2';

describe('the face that draws "हिन्दी" in the language picker', () => {
  it('is the shipped Devanagari face cut down to the letters of that name, as committed', async () => {
    const full = readFileSync(createRequire(import.meta.url).resolve(FULL_FACE));
    const made = await subsetFont(full, localeNames.hi, { targetFormat: 'woff2' });
    // After a change to the name or to the shipped face: WRITE_FONTS=1 npx vitest run --project web src/fonts
    if (process.env.WRITE_FONTS === '1') writeFileSync(COMMITTED, made);
    const committed = readFileSync(COMMITTED);
    expect(committed.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(committed.length).toBeLessThan(4 * 1024);
    expect(Buffer.compare(committed, made), 'hindi-name-400.woff2 is stale: regenerate it (see above)').toBe(0);
  });
});
