import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { chooseLanguage, DEMO_PASSWORD, dismissConsent, phonePage, signInAs } from './support/demo';
import { expectAccessible, screenshot } from './support/pages';

// People and hashtags against the demo world (apps/api/src/seed/demo.ts): erin follows alice, who follows bob
// and carol; dave follows alice and bob and is carol's friend; bob's sourdough post (#baking) is on the GB stage
// and his #baking test bake is friends-only.

const origin = inject('origin');
const DISMISS_CALL = '**/api/users/influencers/me/dismiss-relevant-profile-suggestion';

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

const suggestedList = (page: Page) => page.getByRole('list', { name: 'Suggested people' });
const rowOf = (list: Locator, name: string) =>
  list.getByRole('listitem').filter({ has: list.page().getByRole('link', { name, exact: true }) });

/** The names in a list of people, in order, once it has loaded. */
async function namesIn(list: Locator): Promise<string[]> {
  await list.getByRole('listitem').first().waitFor();
  return list
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.querySelector('a')?.textContent?.trim() ?? ''));
}

describe('people', () => {
  let page: Page;

  it('sends a guest to sign in and back to /people, with suggestions and their reasons', async () => {
    page = await phonePage(browser, contexts);
    // An English phone: erin's own Spanish is adopted at sign-in only by a browser that chose no language.
    await chooseLanguage(page.context(), origin, 'en');
    await page.goto(`${origin}/people`);
    await page.waitForURL(/\/sign-in\?interaction=/);
    await page.getByLabel('Username or email address').fill('erin');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/people');
    await dismissConsent(page);

    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('People');
    for (const heading of ['Suggested for you', 'Creators you may like', 'People you may know']) {
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
    }
    const suggested = suggestedList(page);
    const names = await namesIn(suggested);
    expect(names).toEqual(expect.arrayContaining(['Bob Baker', 'Carol Krause', 'Dave Dubois', 'Frank Ferrari']));
    expect(names).not.toContain('Erin Estrada');
    expect(names).not.toContain('Alice Archer');
    // Reasons in words: alice (whom erin follows) follows bob and carol; the others are popular.
    expect(await rowOf(suggested, 'Bob Baker').textContent()).toContain('Followed by alice');
    expect(await rowOf(suggested, 'Carol Krause').textContent()).toContain('Followed by alice');
    expect(await rowOf(suggested, 'Frank Ferrari').textContent()).toContain('Popular on Civitas');
    expect(await rowOf(suggested, 'Bob Baker').textContent()).toMatch(/@bob · \d+ followers?/);
    // "Creators you may like": followed by the people erin follows.
    const creators = await namesIn(page.getByRole('list', { name: 'Creators followed by people you follow' }));
    expect(creators.sort()).toEqual(['Bob Baker', 'Carol Krause']);

    await screenshot(page, 'people');
    await expectAccessible(page, 'people');
  });

  it('dismisses a suggestion at once, and it stays dismissed after a reload', async () => {
    const suggested = suggestedList(page);
    // The call is held back: the row must leave before any answer arrives.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(DISMISS_CALL, async (route) => {
      await held;
      await route.continue();
    });
    const answered = page.waitForResponse((response) => response.url().includes('dismiss-relevant-profile-suggestion'));
    await page.getByRole('button', { name: 'Dismiss Frank Ferrari' }).click();
    await rowOf(suggested, 'Frank Ferrari').waitFor({ state: 'detached', timeout: 2_000 });
    release();
    expect((await answered).status()).toBe(204);
    await page.unroute(DISMISS_CALL);

    await page.reload();
    const names = await namesIn(suggestedList(page));
    expect(names).toContain('Bob Baker');
    expect(names).not.toContain('Frank Ferrari');
  });

  it('brings a dismissed suggestion back with an error toast when the call fails', async () => {
    const suggested = suggestedList(page);
    await rowOf(suggested, 'Dave Dubois').waitFor();
    await page.route(DISMISS_CALL, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'Something broke' }),
      }),
    );
    await page.getByRole('button', { name: 'Dismiss Dave Dubois' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Dave Dubois could not be dismissed and is back in the list.' })
      .waitFor();
    await rowOf(suggested, 'Dave Dubois').waitFor();
    expect(await page.getByRole('button', { name: 'Dismiss Dave Dubois' }).isVisible()).toBe(true);
    await page.unroute(DISMISS_CALL);
  });

  it('follows someone from the list: the button turns at once, and they are no longer suggested', async () => {
    const suggested = suggestedList(page);
    const followed = page.waitForResponse((response) => response.url().includes('/influencers/me/follow/'));
    await page.getByRole('button', { name: 'Follow Dave Dubois' }).click();
    await rowOf(suggested, 'Dave Dubois').getByRole('button', { name: 'Unfollow Dave Dubois' }).waitFor();
    expect((await followed).ok()).toBe(true);

    await page.reload();
    const names = await namesIn(suggestedList(page));
    expect(names).not.toContain('Dave Dubois');
  });
});

describe('friend requests waiting for my answer', () => {
  const requestsList = (page: Page) => page.getByRole('list', { name: 'Friend requests waiting for your answer' });
  const DECLINE_CALL = '**/api/users/influencers/me/decline-friend-request/*';

  it('lists a request sent to me on /people; a failed answer brings it back, a declined one leaves for good', async () => {
    // frank asks erin, from erin's profile.
    const frank = await phonePage(browser, contexts);
    await signInAs(frank, origin, 'frank', '/u/erin');
    await dismissConsent(frank);
    await frank.getByRole('main').getByRole('button', { name: 'Add friend' }).click();
    await frank.getByRole('main').getByRole('button', { name: 'Cancel request' }).waitFor();

    const erin = await phonePage(browser, contexts);
    await signInAs(erin, origin, 'erin');
    await dismissConsent(erin);
    await erin.goto(`${origin}/people`);
    await erin.getByRole('heading', { level: 2, name: 'Friend requests' }).waitFor();
    expect(await namesIn(requestsList(erin))).toEqual(['Frank Ferrari']);
    await screenshot(erin, 'people-friend-requests');
    await expectAccessible(erin, 'people with a friend request');

    await erin.route(DECLINE_CALL, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ statusCode: 503 }) }),
    );
    await erin.getByRole('button', { name: 'Decline Frank Ferrari’s friend request' }).click();
    await erin
      .getByRole('alert')
      .filter({ hasText: 'Declining Frank Ferrari’s friend request did not work.' })
      .waitFor();
    await rowOf(requestsList(erin), 'Frank Ferrari').waitFor();
    await erin.unroute(DECLINE_CALL);

    const declined = erin.waitForResponse((response) => response.url().includes('/decline-friend-request/'));
    await erin.getByRole('button', { name: 'Decline Frank Ferrari’s friend request' }).click();
    await erin.getByRole('heading', { level: 2, name: 'Friend requests' }).waitFor({ state: 'detached' });
    expect((await declined).ok()).toBe(true);
    await erin.reload();
    await erin.getByRole('heading', { level: 2, name: 'Suggested for you' }).waitFor();
    expect(await erin.getByRole('heading', { level: 2, name: 'Friend requests' }).count()).toBe(0);

    await frank.reload();
    await frank.getByRole('main').getByRole('button', { name: 'Add friend' }).waitFor();
  });
});

describe('someone else’s people', () => {
  let page: Page;

  it('mutual connections: the people both dave and alice are connected to, dave’s friend first', async () => {
    page = await phonePage(browser, contexts);
    await signInAs(page, origin, 'dave');
    await dismissConsent(page);
    await page.goto(`${origin}/u/alice/mutual`);
    const list = page.getByRole('list', { name: 'People connected to you and Alice Archer' });
    // Carol is dave's friend and follows alice; dave follows bob, alice's friend.
    expect(await namesIn(list)).toEqual(['Carol Krause', 'Bob Baker']);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Mutual connections with Alice Archer');
    await screenshot(page, 'mutual-friends');
    await expectAccessible(page, 'mutual-friends');
  });

  it('their people: creators alice follows whom dave does not, and her friends who are not his', async () => {
    await page.goto(`${origin}/u/alice/people`);
    expect(await namesIn(page.getByRole('list', { name: 'Creators Alice Archer follows' }))).toEqual(['Carol Krause']);
    expect(await namesIn(page.getByRole('list', { name: 'Friends of Alice Archer' }))).toEqual(['Bob Baker']);
    await expectAccessible(page, 'profile-people');
  });
});

describe('hashtags', () => {
  /** Opens #baking from the caption of bob's sourdough post on the main stage, and checks the page. */
  async function openBakingFromStage(page: Page): Promise<void> {
    await page.goto(`${origin}/`);
    const sourdough = page.locator('article').filter({ hasText: 'Sourdough number 112' });
    await sourdough.getByRole('link', { name: '#baking' }).click();
    await page.waitForURL((url) => url.pathname === '/hashtags/baking');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('#baking');
    const feed = page.getByLabel('Posts tagged #baking');
    await feed.locator('article').first().waitFor();
    const captions = await feed.locator('article .caption').allTextContents();
    expect(captions).toEqual([expect.stringContaining('Sourdough number 112')]);
    // The navigation progress bar (its markup carries role="bar") is gone once the navigation has settled.
    await page.locator('#nprogress').waitFor({ state: 'detached' });
  }

  it('a guest opens a hashtag from a caption and sees its public posts only', async () => {
    const page = await phonePage(browser, contexts);
    await page.goto(`${origin}/`);
    await dismissConsent(page);
    await openBakingFromStage(page);
    await screenshot(page, 'hashtag');
    await expectAccessible(page, 'hashtag');
  });

  it('a citizen, the author’s friend, sees the same: a friends-only post never shows on a tag page', async () => {
    const page = await phonePage(browser, contexts);
    await signInAs(page, origin, 'alice');
    await dismissConsent(page);
    await openBakingFromStage(page);
  });
});
