import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './support/browser';
import { signInAs } from './support/demo';

/** ADR 011: pages have one origin, PUBLIC_URL (here http://127.0.0.1:<port>); other hosts are sent there. */
const origin = inject('origin');
const elsewhere = origin.replace('127.0.0.1', 'localhost');

const browser = browserPerFile();

describe('one public origin', () => {
  it('signs in a citizen who opened the app at another address of the same machine', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${elsewhere}/hashtags/landscape?displayLanguage=en`);
    expect(page.url()).toBe(`${origin}/hashtags/landscape?displayLanguage=en`);
    await signInAs(page, elsewhere, 'carol');
    expect(new URL(page.url()).origin).toBe(origin);
    expect(page.url()).not.toContain('error=');
  });
});
