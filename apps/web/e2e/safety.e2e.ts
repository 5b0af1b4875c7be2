import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { callApi, runCli } from './support/cli';
import { citizenPhoneAt, dismissConsent, phonePage } from './support/demo';
import { expectAccessible, themedScreenshots, waitForHydration } from './support/pages';
import { expectToast } from './support/toasts';

/**
 * Block, mute and report in a real browser (ADR 069, 070, 071), on the shared demo world. heidi acts: grace, whom
 * she blocks and unblocks, shares no follow or friendship with her (demo.ts), so the block ends nothing the other
 * journeys read; the mute of bob is undone before the file ends. A report cannot be taken back: heidi reports a
 * post of grace's that only India's stage shows, which no other journey reads.
 */
const origin = inject('origin');
const dataDir = inject('dataDir');

const DESERT_CAMP = 'Desert camp near Jaisalmer';
const HAWA_MAHAL = 'Hawa Mahal at dusk';
const SOURDOUGH = 'Sourdough number 112';

let browser: Browser;
const contexts: BrowserContext[] = [];
let heidiToken: string;

beforeAll(async () => {
  browser = await launchChromium();
  const minted = await runCli({ dataDir, origin }, 'mint-token', '--username', 'heidi', '--ttl', '3600');
  heidiToken = minted.split('\n').at(-1) ?? '';
});
afterAll(async () => {
  // Whatever a failed journey left: heidi neither blocks grace nor mutes bob.
  for (const [call, name] of [
    ['unblock', 'grace'],
    ['unmute', 'bob'],
  ] as const) {
    const profile = await callApi<{ id: string }>(origin, `/api/users/influencers/profile/${name}`, heidiToken);
    if (profile.status === 200) {
      await callApi(origin, `/api/users/influencers/me/${call}/${profile.body.id}`, heidiToken, { method: 'POST' });
    }
  }
  await browser?.close();
});

const main = (page: Page) => page.locator('main');
const moreButton = (page: Page, username: string) =>
  main(page).getByRole('button', { name: `More actions for @${username}` });
const menuItem = (page: Page, name: string) => page.locator('[popover]:popover-open').getByRole('button', { name });
const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);

/** The profile's "…" menu, opened from the keyboard; its island hydrated first. */
async function openMenu(page: Page, username: string): Promise<void> {
  await waitForHydration(page, 'main button[popovertarget]');
  await moreButton(page, username).focus();
  await page.keyboard.press('Enter');
  await menuItem(page, 'Block').waitFor();
}

describe('the "…" menu', () => {
  it('is offered on other citizens’ profiles and posts, never on my own nor to guests', async () => {
    const guest = await phonePage(browser, contexts);
    await guest.goto(`${origin}/u/grace`);
    await dismissConsent(guest);
    await main(guest).locator('h1').waitFor();
    expect(
      await main(guest)
        .getByRole('button', { name: /More actions/ })
        .count(),
    ).toBe(0);

    const heidi = await citizenPhoneAt(browser, contexts, origin, 'heidi', '/me');
    await main(heidi).locator('h1').waitFor();
    expect(
      await main(heidi)
        .getByRole('button', { name: /More actions/ })
        .count(),
    ).toBe(0);
  });

  it('sits in the action row beside Follow and Add friend on a phone, inside the screen', async () => {
    const heidi = await citizenPhoneAt(browser, contexts, origin, 'heidi', '/u/grace');
    await waitForHydration(heidi, 'main button[popovertarget]');
    for (const width of [390, 1280]) {
      await heidi.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const [follow, friend, more] = await Promise.all([
        main(heidi).getByRole('button', { name: 'Follow', exact: true }).boundingBox(),
        main(heidi).getByRole('button', { name: 'Add friend' }).boundingBox(),
        moreButton(heidi, 'grace').boundingBox(),
      ]);
      // One line: the same top (it once wrapped onto a line of its own under the others at 390 px).
      expect(Math.abs((more?.y ?? -100) - (follow?.y ?? 0)), `at ${width} px`).toBeLessThanOrEqual(2);
      expect(Math.abs((friend?.y ?? -100) - (follow?.y ?? 0)), `at ${width} px`).toBeLessThanOrEqual(2);
      expect((more?.x ?? 0) + (more?.width ?? 0)).toBeLessThanOrEqual(width);
    }
    await themedScreenshots(heidi, 'safety-profile-actions');
  });
});

describe('reporting a post', () => {
  it('asks for a reason, thanks, and says a second report is already being looked at', async () => {
    const page = await citizenPhoneAt(browser, contexts, origin, 'heidi', '/u/grace?view=list');
    const post = main(page).locator('article', { hasText: DESERT_CAMP });
    await post.locator('a[href^="/p/"]').first().click();
    await page.waitForURL(/\/p\//);
    await openMenu(page, 'grace');
    await expectAccessible(page, 'the post’s "…" menu');
    // Under its button, whole on a phone's screen, though the button sits near the row's start here.
    const [button, popup] = await Promise.all([
      moreButton(page, 'grace').boundingBox(),
      page.locator('[popover]:popover-open').boundingBox(),
    ]);
    expect(popup?.y).toBeGreaterThanOrEqual((button?.y ?? 0) + (button?.height ?? 0));
    expect(popup?.x).toBeGreaterThanOrEqual(16);
    expect((popup?.x ?? 0) + (popup?.width ?? 1000)).toBeLessThanOrEqual(390 - 16);
    await themedScreenshots(page, 'safety-menu');
    await menuItem(page, 'Report').click();
    const dialog = page.getByRole('dialog', { name: 'Report this post by @grace' });
    await dialog.waitFor();
    // Sending with no reason says so, and the keyboard is at the reasons.
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('alert').getByText('Choose a reason.').waitFor();
    await expectAccessible(page, 'the report dialog');
    await themedScreenshots(page, 'safety-report');
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByLabel('Anything the moderators should know (optional)').fill('The same picture, posted daily.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await page.getByRole('dialog', { name: 'Thank you for telling us' }).waitFor();
    expect(await focusedName(page)).toBe('Close');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await focusedName(page)).toBe('More actions for @grace');

    // A second report of the same post, while the first is open.
    await openMenu(page, 'grace');
    await menuItem(page, 'Report').click();
    const again = page.getByRole('dialog', { name: 'Report this post by @grace' });
    await again.getByRole('radio', { name: 'Harassment or bullying' }).check();
    await again.getByRole('button', { name: 'Send report' }).click();
    await page.getByRole('dialog', { name: 'Already being looked at' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // My reports list it, by whom it is, with its reason and state.
    await page.goto(`${origin}/me/safety`);
    const reports = main(page).getByRole('list', { name: 'My reports' });
    await reports.getByText('Reason: Spam').waitFor();
    await reports.getByRole('link', { name: 'A post by @grace' }).waitFor();
    expect(await reports.getByText('Being looked at').count()).toBe(1);
  });
});

describe('blocking', () => {
  it('asks first, lands on the stage, and hides each from the other until unblocked from the list', async () => {
    // grace has heidi's profile open before the block.
    const grace = await citizenPhoneAt(browser, contexts, origin, 'grace', '/u/heidi');
    await waitForHydration(grace, 'main button[popovertarget]');
    const heidi = await citizenPhoneAt(browser, contexts, origin, 'heidi', '/u/grace');
    await openMenu(heidi, 'grace');
    await menuItem(heidi, 'Block').click();
    const dialog = heidi.getByRole('dialog', { name: 'Block @grace?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      '@grace will not be able to see your profile or posts, follow you or mention you; you will stop following each other and any friendship ends. They are not told.',
    );
    // The safe choice has the focus; Escape keeps things as they were and gives the focus back to the menu button.
    expect(await focusedName(heidi)).toBe('Cancel');
    await expectAccessible(heidi, 'the block dialog');
    await themedScreenshots(heidi, 'safety-block');
    await heidi.keyboard.press('Escape');
    await expect.poll(() => heidi.getByRole('dialog').count()).toBe(0);
    expect(await focusedName(heidi)).toBe('More actions for @grace');

    await openMenu(heidi, 'grace');
    await menuItem(heidi, 'Block').click();
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await heidi.waitForURL(`${origin}/`);
    await expectToast(heidi, 'You blocked @grace.');
    // The GB stage shows grace's Hawa Mahal to everyone else; not to heidi now.
    await main(heidi).locator('article').first().waitFor();
    expect(await main(heidi).getByText(HAWA_MAHAL).count()).toBe(0);
    await heidi.goto(`${origin}/u/grace`);
    await main(heidi).getByRole('heading', { name: 'No such citizen' }).waitFor();

    // grace, on the page she had open: the follow is refused in words, and the profile is gone on reload.
    await main(grace).getByRole('button', { name: 'Follow', exact: true }).click();
    await expectToast(grace, 'You cannot follow this citizen or send them a friend request.');
    await grace.reload();
    await main(grace).getByRole('heading', { name: 'No such citizen' }).waitFor();

    // Unblocked from the list: both see each other again.
    await heidi.goto(`${origin}/me/safety`);
    const blocked = main(heidi).getByRole('list', { name: 'Blocked' });
    await blocked.getByText('Grace Gupta').waitFor();
    await expectAccessible(heidi, 'the Blocked and muted page');
    await themedScreenshots(heidi, 'safety-lists');
    await blocked.getByRole('button', { name: 'Unblock @grace' }).click();
    await expectToast(heidi, 'You unblocked @grace.');
    await main(heidi).getByText('You have not blocked anyone.').waitFor();
    expect(await focusedName(heidi)).toBe('Blocked');
    await heidi.goto(`${origin}/u/grace`);
    await main(heidi).getByRole('heading', { name: 'Grace Gupta' }).waitFor();
    await grace.reload();
    await main(grace).getByRole('heading', { name: 'Heidi Hughes' }).waitFor();
  });
});

describe('muting', () => {
  it('takes their posts off my stage but leaves their profile, and is undone from the menu', async () => {
    const heidi = await citizenPhoneAt(browser, contexts, origin, 'heidi', '/');
    await main(heidi).getByText(SOURDOUGH).first().waitFor();
    await heidi.goto(`${origin}/u/bob?view=list`);
    await openMenu(heidi, 'bob');
    await menuItem(heidi, 'Mute').click();
    const dialog = heidi.getByRole('dialog', { name: 'Mute @bob?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      "You will not see @bob's posts on the stage and in lists; they are not told.",
    );
    await expectAccessible(heidi, 'the mute dialog');
    await dialog.getByRole('button', { name: 'Mute', exact: true }).click();
    await expectToast(heidi, 'You muted @bob.');
    expect(await focusedName(heidi)).toBe('More actions for @bob');

    await heidi.goto(`${origin}/`);
    await main(heidi).locator('article').first().waitFor();
    expect(await main(heidi).getByText(SOURDOUGH).count()).toBe(0);
    // The profile still shows, with its posts, and the menu offers the way back.
    await heidi.goto(`${origin}/u/bob?view=list`);
    await main(heidi).getByText(SOURDOUGH).first().waitFor();
    await heidi.goto(`${origin}/me/safety`);
    await main(heidi).getByRole('list', { name: 'Muted' }).getByText('Bob Baker').waitFor();
    await heidi.goto(`${origin}/u/bob?view=list`);
    await openMenu(heidi, 'bob');
    await menuItem(heidi, 'Unmute').click();
    await expectToast(heidi, 'You unmuted @bob.');
    await heidi.goto(`${origin}/`);
    await main(heidi).getByText(SOURDOUGH).first().waitFor();
  });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
});
