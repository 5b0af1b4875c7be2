import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { dismissConsent, newPhoneContext, signInAs } from './support/demo';
import { holdRequests, isHydrated } from './support/pages';

/**
 * A tap that lands between the first paint and hydration (ADR 030). Pages are painted before their framework
 * scripts run (ADR 026, 027); here those scripts are held back on purpose, so the tap certainly comes first,
 * then let through: the tap must still do what it says, once.
 */
const origin = inject('origin');
const LIKE_CALL = /\/influencers\/me\/(un-)?liked-creators-content\//;

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchChromium();
  context = await newPhoneContext(browser);
  page = await context.newPage();
  await signInAs(page, origin, 'grace', '/');
  await dismissConsent(page);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('a tap before the page is hydrated', () => {
  it('likes the post once the scripts have run, and a tap after that is handled once', async () => {
    const { release: releaseScripts } = await holdRequests(page, '**/_next/static/**/*.js');
    const calls: Request[] = [];
    page.on('request', (request) => {
      if (LIKE_CALL.test(request.url())) calls.push(request);
    });

    await page.goto(`${origin}/`, { waitUntil: 'domcontentloaded' });
    const heartSelector = 'main article button[aria-pressed]';
    const heart = page.locator(heartSelector).first();
    await heart.waitFor();
    const before = await heart.getAttribute('aria-pressed');
    expect(await isHydrated(page, heartSelector)).toBe(false);

    await heart.click();
    // Without scripts nothing can act on the tap: no call, and the server's heart as it was.
    expect(calls).toHaveLength(0);
    expect(await heart.getAttribute('aria-pressed')).toBe(before);

    const answered = page.waitForResponse((response) => LIKE_CALL.test(response.url()));
    releaseScripts();
    expect((await answered).status()).toBe(200);
    const after = before === 'true' ? 'false' : 'true';
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe(after);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url()).toMatch(before === 'true' ? /un-liked/ : /\/liked-creators-content\//);

    // Hydrated now: the next tap goes to React directly and is not played a second time.
    const undone = page.waitForResponse((response) => LIKE_CALL.test(response.url()));
    await heart.click();
    expect((await undone).status()).toBe(200);
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe(before);
    await page.waitForTimeout(300);
    expect(calls).toHaveLength(2);
  });
});
