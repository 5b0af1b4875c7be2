import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeVideo } from '../../api/test/support/video-clip';
import { launchChromium } from './support/browser';
import { citizenPhoneAt } from './support/demo';
import { deletePublishedPost, expectAccessible, themedScreenshots, waitForHydration } from './support/pages';

/**
 * Publishing an album from the composer (ADR 086): several files chosen at once and one more added, one moved
 * earlier with the keyboard, each picture described; one create call, every item uploaded at its position, then
 * the post's page shows the items in the chosen order in its carousel, browsed with the arrow keys.
 */
const origin = inject('origin');
let browser: Browser;
let work: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  work = mkdtempSync(join(tmpdir(), 'civitas-album-compose-'));
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

const main = (page: Page) => page.locator('main');

async function photo(name: string, colour: string): Promise<string> {
  const path = join(work, name);
  writeFileSync(
    path,
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  );
  return path;
}

/** The slide the track shows: the one whose left edge is at the track's (as albums.e2e.ts reads it). */
const shownSlide = (album: Locator) =>
  album.evaluate((element) => {
    const all = [...element.querySelectorAll('[aria-roledescription="slide"]')];
    const left = all[0]?.parentElement?.getBoundingClientRect().left ?? 0;
    return all.findIndex((slide) => Math.abs(slide.getBoundingClientRect().left - left) < 2);
  });

/** The composer's thumbnails, by their names (kind, place and file name), in order. */
const thumbnails = (page: Page) =>
  main(page)
    .getByRole('list')
    .first()
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => {
        const media = item.querySelector('img, video');
        return media?.getAttribute('alt') ?? media?.getAttribute('aria-label') ?? '';
      }),
    );

describe('an album from the composer', () => {
  it('publishes three pictures and a video in the order chosen, browsed in the post’s carousel', async () => {
    const caption = `Album check ${Date.now()}`;
    const [red, green, blue] = await Promise.all([
      photo('red.jpg', '#d03020'),
      photo('green.jpg', '#20a040'),
      photo('blue.jpg', '#2050e0'),
    ]);
    const clip = await makeVideo(join(work, 'clip.mp4'), { seconds: 3, size: '640x360' });
    const notes = join(work, 'notes.txt');
    writeFileSync(notes, 'not a picture');

    const page = await citizenPhoneAt(browser, contexts, origin, 'alice', '/new');
    await main(page).getByRole('heading', { name: 'New post' }).waitFor();
    await waitForHydration(page, 'main form');
    // Three at once in the picker, then one more (and a file that is no picture, named and left out).
    await main(page)
      .getByLabel('Picture or video')
      .setInputFiles([red as string, green as string, clip]);
    await main(page).getByText('Pictures and videos (3 of 10)').waitFor();
    const addMore = main(page).getByLabel('Add more pictures or videos');
    await addMore.setInputFiles([blue as string, notes]);
    await main(page).getByRole('alert').getByText('“notes.txt” was not added.', { exact: false }).waitFor();
    await main(page).getByText('Pictures and videos (4 of 10)').waitFor();
    expect(await thumbnails(page)).toEqual([
      'Picture 1, red.jpg',
      'Picture 2, green.jpg',
      'Video 3, clip.mp4',
      'Picture 4, blue.jpg',
    ]);
    expect(await main(page).getByText('Cover', { exact: true }).count()).toBe(1);

    // The blue picture moved before the video, with the keyboard; the focus stays on the button it pressed.
    const earlier = main(page).getByRole('button', { name: 'Move picture 4 earlier' });
    await earlier.focus();
    await page.keyboard.press('Enter');
    expect(await thumbnails(page)).toEqual([
      'Picture 1, red.jpg',
      'Picture 2, green.jpg',
      'Picture 3, blue.jpg',
      'Video 4, clip.mp4',
    ]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Move picture 3 earlier',
    );
    expect(await main(page).getByRole('button', { name: 'Move video 4 later' }).getAttribute('aria-disabled')).toBe(
      'true',
    );

    const alts = ['A red square', 'A green square', 'A blue square'];
    for (const [at, alt] of alts.entries()) {
      await main(page)
        .getByLabel(`Picture ${at + 1}`, { exact: true })
        .fill(alt);
    }
    await main(page).getByLabel('Caption').fill(caption);
    await expectAccessible(page, 'composer with an album');
    // The top of the form: the heading and the four thumbnails (the sticky header would cover a scrolled list).
    await page.evaluate(() => window.scrollTo(0, 0));
    await themedScreenshots(page, 'album-composer');
    await themedScreenshots(page, 'album-composer-full', { fullPage: true });

    const created: Request[] = [];
    const initiated: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/v7/creators-content')) created.push(request);
      if (request.url().endsWith('/initiate')) initiated.push(request);
    });
    await main(page).getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/p\/[0-9a-f-]{36}$/, { timeout: 120_000 });

    // One create call with the items after the first, then each file at its place.
    expect(created).toHaveLength(1);
    expect(created[0]?.postDataJSON()).toMatchObject({
      mediaType: 'image',
      altText: 'A red square',
      moreMedia: [
        { mediaType: 'image', altText: 'A green square' },
        { mediaType: 'image', altText: 'A blue square' },
        { mediaType: 'video' },
      ],
    });
    expect(
      initiated
        .map((request) => {
          const kind = new URL(request.url()).pathname.split('/').at(-2);
          return `${request.postDataJSON().position ?? 0}:${kind}:${request.postDataJSON().fileName}`;
        })
        .sort(),
    ).toEqual([
      '0:image-upload:red.jpg',
      '1:image-upload:green.jpg',
      '2:image-upload:blue.jpg',
      '3:video-upload:clip.mp4',
    ]);

    const album = main(page).locator('article').first().locator('[aria-roledescription="carousel"]');
    await album.waitFor();
    await main(page).locator('article').first().getByText(caption).waitFor();
    const slides = album.locator('[aria-roledescription="slide"]');
    expect(await slides.count()).toBe(4);
    for (const [at, alt] of alts.entries()) {
      expect(await slides.nth(at).locator('img').first().getAttribute('alt')).toBe(alt);
    }
    expect(await slides.nth(3).locator('video').count()).toBe(1);

    await waitForHydration(page, 'main [aria-roledescription="carousel"]');
    await slides.first().locator('..').focus();
    for (const at of [1, 2, 3]) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => shownSlide(album)).toBe(at);
    }
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shownSlide(album)).toBe(3);

    await deletePublishedPost(page);
  }, 240_000);

  it('cancels every upload of an album at once, and keeps nothing', async () => {
    const caption = `Cancelled album ${Date.now()}`;
    const [orange, purple] = await Promise.all([photo('orange.jpg', '#e07020'), photo('purple.jpg', '#8030c0')]);
    const page = await citizenPhoneAt(browser, contexts, origin, 'alice', '/new');
    await waitForHydration(page, 'main form');
    // Every part is held: both items' uploads are open when Cancel is pressed.
    let parts = 0;
    let bothArrived = () => {};
    const arrived = new Promise<void>((resolve) => {
      bothArrived = resolve;
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/uploads\/[^/]+\/parts\/\d+$/, async (route) => {
      parts += 1;
      if (parts === 2) bothArrived();
      await held;
      await route.abort().catch(() => undefined);
    });
    await main(page)
      .getByLabel('Picture or video')
      .setInputFiles([orange as string, purple as string]);
    await main(page).getByText('Pictures and videos (2 of 10)').waitFor();
    await main(page).getByLabel('Caption').fill(caption);
    const aborts: Request[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/abort/')) aborts.push(request);
    });
    const discard = page.waitForRequest((request: Request) => request.method() === 'DELETE');
    await main(page).getByRole('button', { name: 'Publish' }).click();
    await arrived;
    await main(page)
      .getByText(/^Uploading: /)
      .waitFor();
    await main(page).getByRole('button', { name: 'Cancel' }).click();
    await discard;
    await expect.poll(() => aborts.length).toBe(2);
    const uploadIds = aborts.map((request) => request.postDataJSON().uploadId);
    expect(new Set(uploadIds).size).toBe(2);
    release();
    await main(page).getByText('The upload was cancelled. Nothing was published.').waitFor();
    await page.goto(`${origin}/me?view=list`);
    await main(page).locator('article').first().waitFor();
    expect(await main(page).getByText(caption).count()).toBe(0);
  });
});
