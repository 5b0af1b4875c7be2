import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { callApi, runCli } from './support/cli';
import { citizenPhoneAt } from './support/demo';
import { expectAccessible, themedScreenshots, waitForHydration } from './support/pages';

/**
 * Notifications in two real browsers (ADR 077, 078): dave likes one of frank's posts and follows him; frank, with
 * his notifications open, sees the badge and the list change without a reload, then marks them read; erin's like,
 * undone while unread, comes and goes on the badge of every page. Likes tell here because the journeys' server
 * turns LIKE_NOTIFICATIONS on (global-setup.ts). What dave and erin do is undone first and last, so the demo
 * world is as the other journeys expect it whatever a failed run left.
 */
const origin = inject('origin');
const dataDir = inject('dataDir');
const COFFEE = 'Il caffè perfetto esiste';

let browser: Browser;
const contexts: BrowserContext[] = [];
const tokens = { dave: '', erin: '', frank: '' };
const ids = { frank: '', post: '' };

/** Neither dave nor erin likes the coffee post, and dave does not follow frank. */
async function undoActors(): Promise<void> {
  for (const actor of [tokens.dave, tokens.erin]) {
    await callApi(origin, `/api/users/influencers/me/un-liked-creators-content/${ids.post}`, actor, {
      method: 'POST',
      body: '{}',
    });
  }
  await callApi(origin, `/api/users/influencers/me/unfollow/${ids.frank}`, tokens.dave, { method: 'POST', body: '{}' });
}

beforeAll(async () => {
  browser = await launchChromium();
  for (const name of ['dave', 'erin', 'frank'] as const) {
    const minted = await runCli({ dataDir, origin }, 'mint-token', '--username', name, '--ttl', '3600');
    tokens[name] = minted.split('\n').at(-1) ?? '';
  }
  ids.frank = (await callApi<{ id: string }>(origin, '/api/users/influencers/profile/frank', tokens.dave)).body.id;
  const tagged = await callApi<{ data: { id: string; caption: { content: string } }[] }>(
    origin,
    `/api/content/v1/feed/hashtags/${encodeURIComponent('caffè')}`,
    tokens.dave,
  );
  ids.post = tagged.body.data.find((post) => post.caption.content.startsWith(COFFEE))?.id ?? '';
  expect(ids.post).not.toBe('');
  await undoActors();
  expect(
    (await callApi(origin, '/api/notifications/v1/read', tokens.frank, { method: 'POST', body: '{}' })).status,
  ).toBe(200);
});
afterAll(async () => {
  if (ids.post) await undoActors();
  await browser?.close();
});

const main = (page: Page) => page.locator('main');
const badge = (page: Page) => page.locator('header.site-header nav [data-testid="unread-badge"]');
const badgeText = async (page: Page) =>
  (await badge(page).count()) === 0 ? '' : ((await badge(page).locator('[aria-hidden]').textContent()) ?? '');
const lineTexts = (page: Page) => main(page).locator('ul[aria-label="Your notifications"] > li').allTextContents();

describe('notifications', () => {
  it('reach frank live, badge and list, as dave likes his post and follows him; Mark all as read clears them', async () => {
    const frank = await citizenPhoneAt(browser, contexts, origin, 'frank', '/notifications');
    await main(frank).getByRole('heading', { name: 'Notifications' }).waitFor();
    await waitForHydration(frank, 'main button');
    // The stream has said there is nothing unread: no badge, and the title carries no count.
    await expect.poll(() => badgeText(frank), { timeout: 10_000 }).toBe('');

    const dave = await citizenPhoneAt(browser, contexts, origin, 'dave', `/p/${ids.post}`);
    const like = main(dave).getByRole('button', { name: 'Like' });
    await waitForHydration(dave, 'main article button');
    await like.click();
    await expect.poll(() => badgeText(frank), { timeout: 10_000 }).toBe('1');
    await expect
      .poll(() => lineTexts(frank), { timeout: 10_000 })
      .toEqual([expect.stringContaining('Dave Dubois liked your post.')]);
    expect(await frank.title()).toMatch(/^\(1\) /);

    await main(dave).getByRole('button', { name: 'Follow Frank Ferrari' }).click();
    await expect.poll(() => badgeText(frank), { timeout: 10_000 }).toBe('2');
    await expect
      .poll(() => lineTexts(frank), { timeout: 10_000 })
      .toEqual([
        expect.stringContaining('Dave Dubois started following you.'),
        expect.stringContaining('Dave Dubois liked your post.'),
      ]);
    // The like's line shows the post, linked to its page.
    expect(await main(frank).locator(`a[href="/p/${ids.post}"] img`).getAttribute('alt')).toBe('The post');
    expect(await frank.locator('ul[aria-label="Your notifications"] li [data-read="false"]').count()).toBe(2);
    await expectAccessible(frank, 'the notifications screen');
    await themedScreenshots(frank, 'notifications-unread');

    await main(frank).getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => badgeText(frank), { timeout: 10_000 }).toBe('');
    await expect.poll(() => frank.locator('[data-read="false"]').count(), { timeout: 10_000 }).toBe(0);
    expect(await frank.title()).not.toMatch(/^\(\d+\) /);
    expect(await main(frank).getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);
  });

  it('keeps the badge on every page, and takes a like back from it when it is undone unread', async () => {
    const frank = await citizenPhoneAt(browser, contexts, origin, 'frank', '/');
    await waitForHydration(frank, 'header.site-header button[popovertarget]');
    await expect.poll(() => badgeText(frank), { timeout: 10_000 }).toBe('');
    const erin = await citizenPhoneAt(browser, contexts, origin, 'erin', `/p/${ids.post}`);
    await waitForHydration(erin, 'main article button');
    const like = main(erin).getByRole('button', { name: 'Like' });
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => badgeText(frank), { timeout: 10_000 }).toBe('1');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => badgeText(frank), { timeout: 10_000 }).toBe('');
    // The tab bar's notifications tab leads to the screen, where the like is gone too.
    await frank
      .locator('header.site-header nav')
      .getByRole('link', { name: /Notifications/ })
      .click();
    await frank.waitForURL(`${origin}/notifications`);
    await expect.poll(() => lineTexts(frank), { timeout: 10_000 }).toHaveLength(2);
    expect((await lineTexts(frank)).join(' ')).not.toContain('Erin');
  });

  it('turns pushes on for this device: the worker is in place with the sentences, and shows a push in English', async () => {
    const frank = await citizenPhoneAt(browser, contexts, origin, 'frank', '/notifications');
    await frank.context().grantPermissions(['notifications'], { origin });
    const device = main(frank).getByRole('region', { name: 'On this device' });
    await waitForHydration(frank, 'main section button');
    await device.getByRole('button', { name: 'Turn on' }).click();
    // Headless Chromium has no push service of its own (no Google services here), so its subscription is refused
    // and the screen says so; a browser with one stores it and says pushes are on.
    await expect
      .poll(async () => (await device.locator('[role="alert"], [role="status"]').textContent()) ?? '', {
        timeout: 15_000,
      })
      .toMatch(/could not turn on notifications|Notifications are on for this device/);
    // Either way the worker is registered with frank's sentences: a push delivered to it, as a push service would,
    // is shown as a notification in his language, replacing the one of the same line.
    const cdp = await frank.context().newCDPSession(frank);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((entry) => entry.scopeURL === `${origin}/`)).toBeTruthy();
    const registrationId = registrations.find((entry) => entry.scopeURL === `${origin}/`)?.registrationId ?? '';
    const push = (actorCount: number) =>
      JSON.stringify({
        kind: 'notification',
        data: {
          id: '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f70',
          kind: 'like',
          tag: 'coffee-likes',
          actorCount,
          actors: [{ username: 'dave', displayName: 'Dave Dubois' }],
          postId: ids.post,
          unreadCount: 1,
        },
      });
    const shown = () =>
      frank.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map(
          (note) => `${note.title}|${note.body}|${note.tag}`,
        ),
      );
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: push(1) });
    await expect
      .poll(() => shown(), { timeout: 10_000 })
      .toEqual(['Civitas|Dave Dubois liked your post.|coffee-likes']);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: push(3) });
    await expect
      .poll(() => shown(), { timeout: 10_000 })
      .toEqual(['Civitas|Dave Dubois and others liked your post.|coffee-likes']);
  });

  it('keeps a switch per kind in the notification settings, saved as it is flipped', async () => {
    const frank = await citizenPhoneAt(browser, contexts, origin, 'frank', '/notifications');
    await waitForHydration(frank, 'main details summary');
    await main(frank).getByText('Notification settings').click();
    const follows = main(frank).getByRole('checkbox', { name: 'someone follows me' });
    await follows.waitFor();
    // The journeys' server tells likes (global-setup.ts), so all six switches are offered (comments: ADR 084).
    expect(await main(frank).getByRole('group', { name: 'Tell me when' }).getByRole('checkbox').count()).toBe(6);
    expect(await follows.isChecked()).toBe(true);
    const saved = frank.waitForResponse((response) => response.url().endsWith('/api/notifications/v1/preferences'));
    await follows.uncheck();
    expect((await saved).status()).toBe(200);
    await frank.reload();
    await waitForHydration(frank, 'main details summary');
    await main(frank).getByText('Notification settings').click();
    await expect.poll(() => follows.isChecked(), { timeout: 10_000 }).toBe(false);
    await expectAccessible(frank, 'the notification settings');
    await themedScreenshots(frank, 'notifications-settings');
    await follows.check();
    await expect
      .poll(
        async () =>
          (await callApi<{ follow: boolean }>(origin, '/api/notifications/v1/preferences', tokens.frank)).body.follow,
      )
      .toBe(true);
  });
});
