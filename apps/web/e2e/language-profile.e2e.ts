import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { callApi, runCli } from './support/cli';
import { dismissConsent, newPhoneContext, signInAs, signInWithForm } from './support/demo';
import { cookieJar } from './support/pages';

/**
 * A signed-in citizen's language follows them (ADR 003): chosen from the footer on one device, it is saved to
 * their profile and adopted by the next device they sign in on. heidi, whose pages no other journey reads in
 * her own language, chooses; her English is restored at the end for the journeys after this file.
 */
const origin = inject('origin');
const dataDir = inject('dataDir');
const myLanguage = '/api/users/influencers/me/language';

let browser: Browser;
const contexts: BrowserContext[] = [];
let heidiToken: string;

async function englishPhone(): Promise<BrowserContext> {
  const context = await newPhoneContext(browser);
  contexts.push(context);
  return context;
}

beforeAll(async () => {
  browser = await launchChromium();
  const minted = await runCli({ dataDir, origin }, 'mint-token', '--username', 'heidi', '--ttl', '3600');
  heidiToken = minted.split('\n').at(-1) ?? '';
});
afterAll(async () => {
  const restored = await callApi(origin, myLanguage, heidiToken, {
    method: 'PUT',
    body: JSON.stringify({ language: 'en' }),
  });
  for (const context of contexts) await context.close();
  await browser?.close();
  expect(restored.status).toBe(204);
});

const profileLanguage = async () =>
  (await callApi<{ language: string }>(origin, '/api/users/influencers/me', heidiToken)).body.language;

describe('a signed-in citizen’s language', () => {
  it('chosen from the footer on one device, is saved and adopted when signing in on another', async () => {
    expect(await profileLanguage()).toBe('en');

    // Device A: heidi, signed in on an English phone, picks Deutsch from the footer.
    const deviceA = await (await englishPhone()).newPage();
    await signInAs(deviceA, origin, 'heidi');
    await dismissConsent(deviceA);
    expect(await deviceA.locator('html').getAttribute('lang')).toBe('en');
    await deviceA.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click();
    await deviceA.waitForURL(/displayLanguage=de$/);
    expect(await deviceA.locator('html').getAttribute('lang')).toBe('de');
    expect(await profileLanguage()).toBe('de');

    // Device B: another English phone that never chose a language. Signed out, it follows the browser...
    const contextB = await englishPhone();
    const deviceB = await contextB.newPage();
    await deviceB.goto(`${origin}/`);
    expect(await deviceB.locator('html').getAttribute('lang')).toBe('en');
    // ...and signing in as heidi lands on her German pages, which it then remembers.
    await signInWithForm(deviceB, origin, 'heidi', '/hashtags/landscape');
    expect(await deviceB.locator('html').getAttribute('lang')).toBe('de');
    await deviceB.goto(`${origin}/`);
    expect(await deviceB.locator('html').getAttribute('lang')).toBe('de');
    expect((await cookieJar(contextB)).get('civitas_language')).toMatchObject({
      value: 'de',
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
  });
  it('is not saved or remembered from a link on another site (the page still shows in that language)', async () => {
    const before = await profileLanguage();
    const context = await englishPhone();
    const page = await context.newPage();
    await signInAs(page, origin, 'heidi');
    const rememberedBefore = (await cookieJar(context)).get('civitas_language')?.value;
    // What a browser sends for a link followed from elsewhere: the cookies go along (SameSite=Lax), so without the
    // check any site could change a citizen's language for every device and every email.
    const crossSite = await context.request.get(`${origin}/?displayLanguage=hi`, {
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(crossSite.status()).toBe(200);
    expect(await crossSite.text()).toContain('<html lang="hi"');
    expect(await profileLanguage()).toBe(before);
    // Nor remembered by this browser: it keeps the language it had.
    expect((await cookieJar(context)).get('civitas_language')?.value).toBe(rememberedBefore);
  });
});
