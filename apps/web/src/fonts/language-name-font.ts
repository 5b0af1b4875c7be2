import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import { localeNames } from '../i18n/locales';

/**
 * The language picker names Hindi as "हिन्दी" on every page. Where the system has no Devanagari font (the
 * shipped full face is 50 KB), only these letters are needed: a face cut down to them (about 2 KB) draws that one
 * word, and the full face stays for pages in Hindi. Made from the shipped face by `subset-font` (HarfBuzz), which
 * keeps the shaping rules the conjuncts need; the result is committed (hindi-name-400.woff2) and
 * language-name-font.test.ts checks it is still what this makes.
 */
export const LANGUAGE_NAME_FONT = new URL('./hindi-name-400.woff2', import.meta.url);

export function languageNameFont(): Promise<Buffer> {
  const full = createRequire(import.meta.url).resolve(
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2',
  );
  return subsetFont(readFileSync(full), localeNames.hi, { targetFormat: 'woff2' });
}
