import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_NAME_FONT, languageNameFont } from './language-name-font';

describe('the face that draws "हिन्दी" in the language picker', () => {
  it('is the shipped Devanagari face cut down to the letters of that name, as committed', async () => {
    const made = await languageNameFont();
    // After a change to the name or to the shipped face: WRITE_FONTS=1 npx vitest run --project web src/fonts
    if (process.env.WRITE_FONTS === '1') writeFileSync(LANGUAGE_NAME_FONT, made);
    const committed = readFileSync(LANGUAGE_NAME_FONT);
    expect(committed.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(committed.length).toBeLessThan(4 * 1024);
    expect(Buffer.compare(committed, made), 'hindi-name-400.woff2 is stale: regenerate it (see above)').toBe(0);
  });
});
