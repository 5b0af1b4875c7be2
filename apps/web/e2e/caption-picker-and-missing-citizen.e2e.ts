import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './support/browser';
import { dismissConsent, signInAs } from './support/demo';
import { expectAccessible, screenshot } from './support/pages';

/**
 * The caption's pickers where a phone shows them (caption-field.tsx, use-picker-placement.ts), and
 * the page of a citizen who does not exist. A 390×844 phone throughout.
 */
const origin = inject('origin');
const chromium = browserPerFile();
/** A page on a phone (browserPerFile's default context: 390×844, British English), closed after its test. */
const phone = async (): Promise<Page> => (await chromium.newContext()).newPage();
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'civitas-picker-'));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

const main = (page: Page) => page.locator('main');

describe('the caption pickers on a phone', () => {
  it('open within the screen when the caption sits at its bottom, people with their pictures', async () => {
    const page = await phone();
    await signInAs(page, origin, 'alice');
    await page.goto(`${origin}/new`);
    await dismissConsent(page);
    // A chosen picture's preview pushes the caption down the page, as it does for anyone writing a post.
    const picture = join(work, 'tall.jpg');
    writeFileSync(
      picture,
      await sharp({ create: { width: 900, height: 1600, channels: 3, background: '#3070c0' } })
        .jpeg()
        .toBuffer(),
    );
    await main(page).getByLabel('Picture or video').setInputFiles(picture);
    await main(page).getByRole('img', { name: 'Preview of the chosen picture' }).waitFor();
    const caption = main(page).getByLabel('Caption');
    // The caption's bottom at the screen's bottom: the room under it is where the keyboard would be.
    await caption.evaluate((field) => field.scrollIntoView({ block: 'end' }));
    const viewport = page.viewportSize() ?? { width: 390, height: 844 };
    const field = await caption.boundingBox();
    expect(field && viewport.height - (field.y + field.height)).toBeLessThan(120);

    await caption.click();
    await caption.pressSequentially('Hello @b', { delay: 30 });
    const listbox = main(page).getByRole('listbox', { name: 'People to mention' });
    const bob = listbox.getByRole('option', { name: /Bob Baker/ });
    await bob.waitFor();
    const box = await main(page).locator('[data-placement]').boundingBox();
    expect(box).not.toBeNull();
    if (!box) return;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    // Each person with their picture (decoration: the name beside it says who it is).
    expect(await bob.locator('img').getAttribute('alt')).toBe('');
    expect(await bob.locator('img').getAttribute('src')).toMatch(/\/media\/demo\/bob\/avatar-|placeholders/);
    expect(await caption.getAttribute('aria-activedescendant')).toBe(
      await listbox.getByRole('option').first().getAttribute('id'),
    );
    await screenshot(page, 'caption-picker-above');
    await expectAccessible(page, 'caption picker');

    // The keyboard still works it: down, Escape closes, Enter picks.
    await caption.press('ArrowDown');
    await caption.press('Escape');
    await listbox.waitFor({ state: 'detached' });
    await caption.pressSequentially('o', { delay: 30 });
    await bob.waitFor();
    while ((await bob.getAttribute('aria-selected')) !== 'true') await caption.press('ArrowDown');
    await caption.press('Enter');
    await listbox.waitFor({ state: 'detached' });
    expect(await caption.inputValue()).toBe('Hello @bob ');
  });
});

describe('a citizen who does not exist', () => {
  it('says there is no such citizen, with a 404 and a way back', async () => {
    const page = await phone();
    const response = await page.goto(`${origin}/u/nobody-here`);
    expect(response?.status()).toBe(404);
    await dismissConsent(page);
    expect(await main(page).getByRole('heading', { level: 1 }).textContent()).toBe('No such citizen');
    expect(await main(page).textContent()).toContain('There is no citizen called @nobody-here on Civitas.');
    expect(await main(page).textContent()).not.toContain('Page not found');
    await screenshot(page, 'missing-citizen');
    await expectAccessible(page, 'missing citizen');
    await main(page).getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // A citizen is offered the people to follow as well, in their language.
    const citizen = await phone();
    await signInAs(citizen, origin, 'bob');
    await dismissConsent(citizen);
    const missing = await citizen.goto(`${origin}/u/nobody-here`);
    expect(missing?.status()).toBe(404);
    await main(citizen).getByRole('link', { name: 'Find people to follow' }).click();
    await citizen.waitForURL((url) => url.pathname === '/people');
  });
});
