import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { citizenPhoneAt, dismissConsent, phonePage } from './support/demo';
import { expectAccessible, themedScreenshots, waitForHydration } from './support/pages';

/**
 * Albums (ADR 086) in real browsers against the real app: alice's demo album of three pictures, browsed as a
 * guest on her profile with the keyboard, the buttons and the dots, as the WAI-ARIA carousel pattern has it; a
 * later picture is loaded once it is near; the profile's grid marks the album; a citizen's card is the same.
 */
const origin = inject('origin');
const ALBUM_CAPTION = 'Walked the coast path';
const ALT_TEXTS = [
  'Calm lilac sea at sunrise with the sun reflected in a line of glints',
  'Rolling blue waves breaking against the shore under a pale sky',
  'Green clifftop hills with a few round trees by the coast path',
];

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

const albumOf = (page: Page) =>
  page.locator('main article').filter({ hasText: ALBUM_CAPTION }).locator('[aria-roledescription="carousel"]');
const slides = (album: Locator) => album.locator('[aria-roledescription="slide"]');
/** The slide the track shows: the one whose left edge is at the track's. */
const shownSlide = (album: Locator) =>
  album.evaluate((element) => {
    const all = [...element.querySelectorAll('[aria-roledescription="slide"]')];
    const left = all[0]?.parentElement?.getBoundingClientRect().left ?? 0;
    return all.findIndex((slide) => Math.abs(slide.getBoundingClientRect().left - left) < 2);
  });
const currentDot = (album: Locator) => album.locator('button[aria-current="true"]').getAttribute('aria-label');

describe('an album', () => {
  it('is browsed by a guest with the arrow keys, the buttons and the dots, its later pictures loaded as they near', async () => {
    const guest = await phonePage(browser, contexts);
    await guest.goto(`${origin}/u/alice?view=list`);
    await dismissConsent(guest);
    const album = albumOf(guest);
    await album.waitFor();
    expect(await album.getAttribute('aria-label')).toBe('Album by Alice Archer');
    expect(await slides(album).count()).toBe(3);
    expect(await slides(album).evaluateAll((all) => all.map((slide) => slide.getAttribute('aria-label')))).toEqual([
      '1 of 3',
      '2 of 3',
      '3 of 3',
    ]);
    // Every item with its own alternative text, in order; all but the first wait to load until they are near.
    const pictures = slides(album).locator('img');
    expect(await pictures.evaluateAll((all) => all.map((image) => image.getAttribute('alt')))).toEqual(ALT_TEXTS);
    expect(await pictures.nth(1).getAttribute('loading')).toBe('lazy');
    await waitForHydration(guest, 'main [aria-roledescription="carousel"]');

    const next = album.getByRole('button', { name: 'Next item' });
    const previous = album.getByRole('button', { name: 'Previous item' });
    expect(await previous.getAttribute('aria-disabled')).toBe('true');
    await next.click();
    await expect.poll(() => shownSlide(album)).toBe(1);
    expect(await currentDot(album)).toBe('Go to item 2');
    await expect
      .poll(() => pictures.nth(1).evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);

    // The keyboard: Right moves on, and stops at the last item; Left comes back.
    await slides(album).first().locator('..').focus();
    await guest.keyboard.press('ArrowRight');
    await expect.poll(() => shownSlide(album)).toBe(2);
    await guest.keyboard.press('ArrowRight');
    await expect.poll(() => shownSlide(album)).toBe(2);
    expect(await next.getAttribute('aria-disabled')).toBe('true');
    expect(await currentDot(album)).toBe('Go to item 3');
    await guest.keyboard.press('ArrowLeft');
    await expect.poll(() => shownSlide(album)).toBe(1);

    await album.getByRole('button', { name: 'Go to item 1' }).click();
    await expect.poll(() => shownSlide(album)).toBe(0);
    await expectAccessible(guest, 'an album on a profile, as a guest');
    await album.scrollIntoViewIfNeeded();
    await themedScreenshots(guest, 'album-guest');
  });

  it('is swiped on a phone: the track snaps to the next picture', async () => {
    const guest = await phonePage(browser, contexts);
    await guest.goto(`${origin}/u/alice?view=list`);
    await dismissConsent(guest);
    const album = albumOf(guest);
    await album.waitFor();
    const track = slides(album).first().locator('..');
    // A swipe's end: the track scrolled part of the way, then left to its snap.
    await track.evaluate((element) => element.scrollBy({ left: element.clientWidth * 0.7 }));
    await expect.poll(() => shownSlide(album)).toBe(1);
    await expect.poll(() => currentDot(album)).toBe('Go to item 2');
  });

  it('is marked on the profile’s grid, and a citizen’s card shows it the same way', async () => {
    const bob = await citizenPhoneAt(browser, contexts, origin, 'bob', '/u/alice');
    const tile = bob.locator('main a').filter({ hasText: 'Album of 3 items' });
    await tile.waitFor();
    expect(await tile.count()).toBe(1);
    await tile.scrollIntoViewIfNeeded();
    await themedScreenshots(bob, 'album-grid-citizen');
    await bob.goto(`${origin}/u/alice?view=list`);
    const album = albumOf(bob);
    await album.waitFor();
    expect(await slides(album).count()).toBe(3);
  });
});
