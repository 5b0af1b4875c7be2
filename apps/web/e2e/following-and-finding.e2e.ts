import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { callApi, runCli } from './support/cli';
import { citizenPhoneAt, dismissConsent, signInAs } from './support/demo';
import { deletePublishedPost, expectAccessible, themedScreenshots, waitForHydration } from './support/pages';
import { expectToast } from './support/toasts';

/**
 * Following and finding (issue 51, ADR 081, 082) in real browsers: grace finds erin by search and follows her
 * there; erin publishes; grace reads it in her Following tab, which the browser then keeps as her home. A profile is
 * shared by copying its link, and a post's like count opens the people who liked it. grace's follow of erin is
 * undone first and last, so the demo world is as the other journeys expect it whatever a failed run left.
 */
const origin = inject('origin');
const dataDir = inject('dataDir');

let browser: Browser;
let work: string;
const contexts: BrowserContext[] = [];
const tokens = { grace: '', erin: '' };
let erinId = '';

const unfollowErin = () =>
  callApi(origin, `/api/users/influencers/me/unfollow/${erinId}`, tokens.grace, { method: 'POST', body: '{}' });

beforeAll(async () => {
  browser = await launchChromium();
  work = mkdtempSync(join(tmpdir(), 'civitas-following-'));
  for (const name of ['grace', 'erin'] as const) {
    const minted = await runCli({ dataDir, origin }, 'mint-token', '--username', name, '--ttl', '3600');
    tokens[name] = minted.split('\n').at(-1) ?? '';
  }
  erinId = (await callApi<{ id: string }>(origin, '/api/users/influencers/profile/erin', tokens.grace)).body.id;
  expect(erinId).not.toBe('');
  await unfollowErin();
});
afterAll(async () => {
  if (erinId) await unfollowErin();
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

const main = (page: Page) => page.locator('main');

async function publishPicture(page: Page, caption: string): Promise<string> {
  const path = join(work, 'teal.jpg');
  writeFileSync(
    path,
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#208080' } })
      .jpeg()
      .toBuffer(),
  );
  await main(page).getByLabel('Picture or video').setInputFiles(path);
  await main(page).getByRole('img', { name: 'Preview of the chosen picture' }).waitFor();
  await main(page).getByLabel('Caption').fill(caption);
  await main(page).getByLabel('Describe the picture (alt text)').fill('A teal rectangle');
  await main(page).getByRole('button', { name: 'Publish' }).click();
  await page.waitForURL(/\/p\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await main(page).locator('article').first().getByText(caption).waitFor();
  return new URL(page.url()).pathname;
}

describe('following and finding', () => {
  it('finds someone by search, follows them there, and reads their next post in Following, remembered as home', async () => {
    const grace = await citizenPhoneAt(browser, contexts, origin, 'grace', '/search');
    const field = main(grace).getByRole('searchbox', { name: 'Search people and hashtags' });
    await waitForHydration(grace, 'main input[type="search"]');
    await field.fill('Estr');
    const results = main(grace).getByRole('list', { name: 'People matching “Estr”' });
    const erinRow = results.locator(':scope > li').filter({ hasText: '@erin' });
    await erinRow.getByRole('button', { name: 'Follow Erin Estrada' }).click();
    await erinRow.getByRole('button', { name: 'Unfollow Erin Estrada' }).waitFor();
    // The search is in the address: Back from a result comes back to it.
    await expect.poll(() => new URL(grace.url()).searchParams.get('q')).toBe('Estr');
    await expectAccessible(grace, 'search results');
    await themedScreenshots(grace, 'search-people');

    const caption = `Following check ${Date.now()}`;
    const erin = await citizenPhoneAt(browser, contexts, origin, 'erin', '/new');
    const postPath = await publishPicture(erin, caption);
    try {
      await grace.goto(`${origin}/`);
      await grace.getByRole('navigation', { name: 'Home' }).getByRole('link', { name: 'Following' }).click();
      await grace.waitForURL(`${origin}/following?feed=following`);
      const card = main(grace).locator('article').filter({ hasText: caption });
      await card.waitFor({ timeout: 15_000 });
      expect(await card.getByRole('img', { name: 'A teal rectangle' }).count()).toBe(1);
      await expectAccessible(grace, 'the following feed');
      await themedScreenshots(grace, 'following-feed');

      // The browser keeps Following as grace's home, until she picks the main stage again.
      await grace.goto(`${origin}/`);
      await grace.waitForURL(/\/following$/);
      await grace.getByRole('navigation', { name: 'Home' }).getByRole('link', { name: 'Main stage' }).click();
      await grace.waitForURL(`${origin}/?feed=stage`);
      await grace.goto(`${origin}/`);
      await main(grace).getByRole('heading', { name: 'Main stage' }).waitFor();
      expect(new URL(grace.url()).pathname).toBe('/');
    } finally {
      await deletePublishedPost(erin, postPath);
    }
  });

  it('keeps recent searches in the browser, one tap from being made again', async () => {
    const guest = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    contexts.push(guest);
    const page = await guest.newPage();
    await page.goto(`${origin}/search`);
    await dismissConsent(page);
    await waitForHydration(page, 'main input[type="search"]');
    const field = main(page).getByRole('searchbox', { name: 'Search people and hashtags' });
    await field.fill('land');
    await main(page).getByRole('tab', { name: 'Hashtags' }).click();
    const tags = main(page).getByRole('list', { name: 'Hashtags matching “land”' });
    await tags.getByRole('link', { name: /#landscape/ }).click();
    await page.waitForURL(`${origin}/hashtags/landscape`);
    await page.goto(`${origin}/search`);
    const recent = main(page).getByRole('region', { name: 'Recent searches' });
    await recent.getByRole('button', { name: '#land' }).click();
    await expect.poll(() => field.inputValue()).toBe('land');
    await main(page)
      .getByRole('list', { name: 'Hashtags matching “land”' })
      .getByRole('link', { name: /#landscape/ })
      .waitFor();
    // A guest's people lead to their profiles; there is nobody to follow with.
    await main(page).getByRole('tab', { name: 'People' }).click();
    await field.fill('alice');
    const people = main(page).getByRole('list', { name: 'People matching “alice”' });
    await people.getByRole('link', { name: 'Alice Archer' }).waitFor();
    expect(await people.getByRole('button').count()).toBe(0);
  });

  it('shares a profile by copying its link, with a toast', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'en-GB',
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    contexts.push(context);
    const page = await context.newPage();
    await signInAs(page, origin, 'heidi', '/u/alice');
    await dismissConsent(page);
    await waitForHydration(page, 'main button[aria-label^="Share Alice"]');
    await main(page).getByRole('button', { name: 'Share Alice Archer’s profile' }).click();
    await expectToast(page, 'Link to the profile copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/u/alice`);
  });

  it('opens the people who liked a post from its like count, as many as it says', async () => {
    const heidi = await citizenPhoneAt(browser, contexts, origin, 'heidi', '/u/alice?view=list');
    const article = main(heidi)
      .locator('article')
      .filter({ has: heidi.locator('a[href$="/likers"]') })
      .first();
    await waitForHydration(heidi, 'main article a[href$="/likers"]');
    const likers = article.locator('a[href$="/likers"]');
    const count = Number((await likers.locator('.visually-hidden').textContent())?.match(/\d+/)?.[0]);
    expect(count).toBeGreaterThan(0);
    await likers.click();
    await heidi.waitForURL(/\/p\/[0-9a-f-]{36}\/likers$/);
    const rows = main(heidi).getByRole('list', { name: 'People who liked this post' }).locator(':scope > li');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(count);
    await themedScreenshots(heidi, 'post-likers');
  });
});
