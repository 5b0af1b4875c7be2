import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { callApi, runCli } from './support/cli';
import { dismissConsent, newPhoneContext, signInAs } from './support/demo';
import { expectAccessible, screenshot } from './support/pages';
import { expectToast } from './support/toasts';

/**
 * A citizen edits their name and bio on their own profile (ADR 048). heidi, whose name no other journey reads,
 * edits; her name and bio from the demo world are put back at the end for the journeys after this file.
 */
const origin = inject('origin');
const dataDir = inject('dataDir');
const SAVE_PROFILE = /\/api\/users\/influencers\/me\/profile$/;
const DEMO = { displayName: 'Heidi Hughes', bio: 'New here.' };

let browser: Browser;
const contexts: BrowserContext[] = [];
let heidiToken: string;

beforeAll(async () => {
  browser = await launchChromium();
  const minted = await runCli({ dataDir, origin }, 'mint-token', '--username', 'heidi', '--ttl', '3600');
  heidiToken = minted.split('\n').at(-1) ?? '';
});
afterAll(async () => {
  const restored = await callApi(origin, '/api/users/influencers/me/profile', heidiToken, {
    method: 'PUT',
    body: JSON.stringify(DEMO),
  });
  for (const context of contexts) await context.close();
  await browser?.close();
  expect(restored.status).toBe(200);
});

async function phone(): Promise<Page> {
  const context = await newPhoneContext(browser);
  contexts.push(context);
  return context.newPage();
}

/** heidi on her own profile, signed in from the stage (a guest asking for /me is sent to sign in first). */
async function heidiAtMe(): Promise<Page> {
  const page = await phone();
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
    // My posts carry my name: they show the new one.
    await expect.poll(() => main(page).locator('article').first().textContent()).toContain('Heidi Hopper');

    // Anyone else, a guest included, reads the new name and bio on my public profile.
    const guest = await phone();
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
    expect(await main(page).getByLabel('Name', { exact: true }).count()).toBe(0);
    expect(await main(page).locator('h1').textContent()).toBe(before);
    const saved = await callApi<{ displayName: string }>(origin, '/api/users/influencers/me', heidiToken);
    expect(saved.body.displayName).toBe(before);
  });
});
