import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { citizenPhoneAt } from './support/demo';
import { expectAccessible, themedScreenshots } from './support/pages';

/**
 * The lists behind a profile's counts (ADR 080) in a real browser: heidi opens alice's followers and friends from
 * her profile's counts; each list holds as many people as its count says, each with a follow button.
 */
const origin = inject('origin');

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const main = (page: Page) => page.locator('main');
const countOf = async (page: Page, kind: string) =>
  Number(await main(page).locator(`[data-count="${kind}"] data`).getAttribute('value'));

describe('the counts on a profile', () => {
  it('open the people behind them, as many as the count says, each with a follow button', async () => {
    const heidi = await citizenPhoneAt(browser, contexts, origin, 'heidi', '/u/alice');
    await main(heidi).locator('h1').waitFor();
    for (const kind of ['friends', 'followers'] as const) {
      await heidi.goto(`${origin}/u/alice`);
      const count = await countOf(heidi, kind);
      await main(heidi).locator(`[data-count="${kind}"] a`).click();
      await heidi.waitForURL(`${origin}/u/alice/${kind}`);
      const heading = kind === 'followers' ? 'People who follow Alice Archer' : 'Alice Archer’s friends';
      await main(heidi).getByRole('heading', { name: heading }).waitFor();
      const rows = main(heidi).getByRole('list', { name: heading }).locator(':scope > li');
      // alice has followers and a friend in the demo world (demo.ts): the lists are not empty.
      expect(count).toBeGreaterThan(0);
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(count);
      expect(await rows.getByRole('button', { name: /follow/i }).count()).toBeGreaterThan(0);
    }
    await expectAccessible(heidi, 'a profile’s followers');
    await themedScreenshots(heidi, 'count-list-followers');
  });

  it('send a guest to sign in first', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(context);
    const guest = await context.newPage();
    await guest.goto(`${origin}/u/alice/followers`);
    await guest.waitForURL(/\/sign-in/);
  });
});
