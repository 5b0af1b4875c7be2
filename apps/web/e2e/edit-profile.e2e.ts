import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { callApi, runCli } from './support/cli';
import { dismissConsent, phonePage, signInAs } from './support/demo';
import { expectAccessible, screenshot } from './support/pages';
import { expectToast } from './support/toasts';

/**
 * A citizen edits their picture, cover, name and bio on their own profile (ADR 048). heidi, whose profile no other
 * journey reads, edits; her name, bio, picture and cover are put back at the end for the journeys after this file.
 */
const origin = inject('origin');
const dataDir = inject('dataDir');
const SAVE_PROFILE = /\/api\/users\/influencers\/me\/profile$/;
const PICTURES = /\/api\/users\/influencers\/me\/(profile|cover)-picture$/;

/** A JPEG of one colour: a real picture the server takes. */
const photo = (background: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();
const DEMO = { displayName: 'Heidi Hughes', bio: 'New here.' };

let browser: Browser;
const contexts: BrowserContext[] = [];
let heidiToken: string;
let demo: { picture: string | null; cover: string | null } = { picture: null, cover: null };

beforeAll(async () => {
  browser = await launchChromium();
  const minted = await runCli({ dataDir, origin }, 'mint-token', '--username', 'heidi', '--ttl', '3600');
  heidiToken = minted.split('\n').at(-1) ?? '';
  const me = await callApi<{ profilePictureUri: string | null; coverPictureUri: string | null }>(
    origin,
    '/api/users/influencers/me',
    heidiToken,
  );
  demo = { picture: me.body.profilePictureUri, cover: me.body.coverPictureUri };
});
afterAll(async () => {
  const restored = await callApi(origin, '/api/users/influencers/me/profile', heidiToken, {
    method: 'PUT',
    body: JSON.stringify(DEMO),
  });
  // Her demo picture and cover are sent again as hers (the demo world's files themselves were never deleted).
  for (const [path, uri] of [
    ['profile-picture', demo.picture],
    ['cover-picture', demo.cover],
  ] as const) {
    if (!uri) continue;
    const bytes = await (await fetch(new URL(uri, origin))).arrayBuffer();
    const resent = await callApi(origin, `/api/users/influencers/me/${path}`, heidiToken, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(resent.status).toBe(200);
  }
  for (const context of contexts) await context.close();
  await browser?.close();
  expect(restored.status).toBe(200);
});

/** heidi on her own profile, signed in from the stage (a guest asking for /me is sent to sign in first). */
async function heidiAtMe(): Promise<Page> {
  const page = await phonePage(browser, contexts);
  await signInAs(page, origin, 'heidi', '/');
  await page.goto(`${origin}/me`);
  await dismissConsent(page);
  return page;
}

const main = (page: Page) => page.locator('main');
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    return element?.labels?.[0]?.textContent ?? element?.textContent ?? null;
  });

describe('editing my profile', () => {
  it('saves my name and bio in place, says what is wrong before sending, and shows them to everyone', async () => {
    const page = await heidiAtMe();
    await expect.poll(() => main(page).locator('h1').textContent()).toBe(DEMO.displayName);
    const saves: string[] = [];
    page.on('request', (request) => {
      if (SAVE_PROFILE.test(request.url())) saves.push(request.method());
    });

    await main(page).getByRole('button', { name: 'Edit profile' }).click();
    const name = main(page).getByLabel('Name', { exact: true });
    const bio = main(page).getByLabel('Bio', { exact: true });
    expect(await focusedLabel(page)).toBe('Name');
    expect(await name.inputValue()).toBe(DEMO.displayName);
    expect(await bio.inputValue()).toBe(DEMO.bio);

    // An empty name is refused in the form, which names the field and takes the person there; nothing is sent.
    await name.fill('   ');
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await main(page).getByText('Enter the name people will see.').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => focusedLabel(page)).toBe('Name');
    expect(saves).toEqual([]);

    await name.fill('Heidi Hopper');
    await bio.fill('New here.\nLearning to bake.');
    await main(page).getByText('273 characters left').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBeNull();
    await screenshot(page, 'edit-profile');
    await expectAccessible(page, 'edit-profile');

    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Your profile was saved.');
    await expect.poll(() => main(page).locator('h1').textContent()).toBe('Heidi Hopper');
    expect(await main(page).getByText('Learning to bake.').count()).toBe(1);
    expect(await main(page).getByLabel('Name', { exact: true }).count()).toBe(0);
    await expect.poll(() => focusedLabel(page)).toBe('Edit profile');
    expect(saves).toEqual(['PUT']);
    // My posts carry my name: they show the new one (in the list view; the grid shows only pictures).
    await main(page).getByRole('button', { name: 'List', exact: true }).click();
    await expect.poll(() => main(page).locator('article').first().textContent()).toContain('Heidi Hopper');

    // Anyone else, a guest included, reads the new name and bio on my public profile.
    const guest = await phonePage(browser, contexts);
    await guest.goto(`${origin}/u/heidi`);
    await expect.poll(() => main(guest).locator('h1').textContent()).toBe('Heidi Hopper');
    expect(await main(guest).getByText('Learning to bake.').count()).toBe(1);
  });

  it('keeps what I typed when saving fails, says why, and cancels without a change', async () => {
    const page = await heidiAtMe();
    await main(page).getByRole('button', { name: 'Edit profile' }).click();
    const name = main(page).getByLabel('Name', { exact: true });
    await name.fill('Heidi Offline');
    await page.route(SAVE_PROFILE, (route) => route.abort('internetdisconnected'));
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'We could not reach Civitas. Check your connection and try again.');
    expect(await name.inputValue()).toBe('Heidi Offline');
    expect(await main(page).locator('h1').textContent()).not.toBe('Heidi Offline');
    await page.unroute(SAVE_PROFILE);

    const before = await main(page).locator('h1').textContent();
    await main(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    // The editor closes on the render after the tap, not within the click's own call: awaited, not counted at once.
    await main(page).getByLabel('Name', { exact: true }).waitFor({ state: 'detached' });
    expect(await main(page).locator('h1').textContent()).toBe(before);
    const saved = await callApi<{ displayName: string }>(origin, '/api/users/influencers/me', heidiToken);
    expect(saved.body.displayName).toBe(before);
  });

  it('refuses a file that is no picture before sending it, and sends a chosen picture only on Save: Cancel leaves no trace', async () => {
    const page = await heidiAtMe();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (PICTURES.test(request.url()) && request.method() !== 'GET') sent.push(request.url());
    });
    const headerPicture = page.locator('header.site-header button[popovertarget] img');
    const before = await headerPicture.getAttribute('src');
    await main(page).getByRole('button', { name: 'Edit profile' }).click();
    const input = main(page).getByLabel('Profile picture', { exact: true });

    // Text named .jpg: refused by its first bytes, in one message beside the picker, with no broken preview.
    await input.setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture') });
    const notUsable = 'This file is not a picture we can use. Choose a JPEG, PNG, WebP, GIF or AVIF image.';
    await main(page).getByRole('alert').filter({ hasText: notUsable }).waitFor();
    expect(await page.getByText(notUsable).count()).toBe(1);
    expect(await main(page).locator('img[src^="blob:"]').count()).toBe(0);

    // A real picture is previewed, round, and nothing is sent until Save; Cancel forgets it.
    await input.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photo('#c05020') });
    const preview = main(page).locator('img.avatar[src^="blob:"]');
    await preview.waitFor();
    expect(await preview.evaluate((image) => getComputedStyle(image).borderRadius)).toBe('50%');
    expect(await page.getByText(notUsable).count()).toBe(0);
    await screenshot(page, 'edit-profile-picture-chosen');
    await main(page).getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    expect(await headerPicture.getAttribute('src')).toBe(before);
    expect(sent).toEqual([]);
  });

  it('saves a new picture and cover with Save, the picture in the header too, and removes them with Save', async () => {
    const page = await heidiAtMe();
    const headerPicture = page.locator('header.site-header button[popovertarget] img');
    await main(page).getByRole('button', { name: 'Edit profile' }).click();
    await main(page)
      .getByLabel('Profile picture', { exact: true })
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photo('#c05020') });
    await main(page)
      .getByLabel('Cover', { exact: true })
      .setInputFiles({ name: 'view.jpg', mimeType: 'image/jpeg', buffer: await photo('#2050c0') });
    await main(page).locator('img[src^="blob:"]').nth(1).waitFor();
    await main(page).getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Your profile was saved.');
    const avatar = /\/media\/avatars\/[0-9a-f-]{36}\/[0-9a-f]{16}\/picture-288\.webp$/;
    await expect.poll(() => headerPicture.getAttribute('src')).toMatch(avatar);
    const cover = main(page).locator('header img[width="1500"]');
    await expect
      .poll(() => cover.getAttribute('src'))
      .toMatch(/\/media\/covers\/[0-9a-f-]{36}\/[0-9a-f]{16}\/cover-1500\.webp$/);
    await page.reload();
    await expect.poll(() => headerPicture.getAttribute('src')).toMatch(avatar);
    const uri = (await headerPicture.getAttribute('src')) as string;
    const served = await page.request.get(`${origin}${new URL(uri, origin).pathname}`);
    expect(served.headers()['content-type']).toBe('image/webp');
    await page.locator('.Toastify__toast').waitFor({ state: 'detached' });
    await main(page).getByRole('button', { name: 'Edit profile' }).click();
    await expectAccessible(page, 'edit-profile with a picture');

    await main(page).getByRole('button', { name: 'Remove cover' }).click();
    await main(page).getByRole('button', { name: 'Remove picture' }).click();
    await main(page).getByText('Your picture will be removed when you press Save.').waitFor();
    // Not yet: removing waits for Save too.
    await expect.poll(() => headerPicture.getAttribute('src')).toMatch(avatar);
    await main(page).getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Your profile was saved.');
    await expect.poll(() => cover.getAttribute('src')).toBe('/placeholders/cover.webp');
    await expect.poll(() => headerPicture.getAttribute('src')).toBe('/placeholders/profile-picture.png');
    // The placeholders are raster pictures the browser decodes off the page's main thread, not SVG (ADR 054).
    const decoded = (picture: typeof cover) =>
      picture.evaluate((image: HTMLImageElement) =>
        image.decode().then(() => [image.naturalWidth, image.naturalHeight]),
      );
    expect(await decoded(cover)).toEqual([600, 200]);
    expect(await decoded(headerPicture)).toEqual([256, 256]);
    expect((await page.request.get(`${origin}${new URL(uri, origin).pathname}`)).status()).toBe(404);
  });
});
