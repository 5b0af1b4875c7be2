import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeVideo } from '../../api/test/support/video-clip';
import { launchChromium } from './support/browser';
import { citizenPhoneAt, type DemoName } from './support/demo';
import { deletePublishedPost, expectAccessible, screenshot } from './support/pages';

/**
 * Publishing from the browser (ADR 009): the composer, its pickers, the upload with its progress and the
 * processing status, through the real server, its media pipeline and ffmpeg. Files are made here.
 */
const origin = inject('origin');
let browser: Browser;
let work: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  work = mkdtempSync(join(tmpdir(), 'civitas-compose-'));
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

const signedIn = (name: DemoName, path: string): Promise<Page> => citizenPhoneAt(browser, contexts, origin, name, path);

const main = (page: Page) => page.locator('main');

async function photo(name: string, colour: string): Promise<string> {
  const path = join(work, name);
  writeFileSync(
    path,
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
      .withExifMerge({ IFD0: { Make: 'E2E camera' } })
      .jpeg()
      .toBuffer(),
  );
  return path;
}

/** Types into the caption and picks the active suggestion of the picker with the keyboard. */
async function pick(page: Page, typed: string, option: string) {
  const caption = main(page).getByLabel('Caption');
  await caption.pressSequentially(typed, { delay: 30 });
  const listbox = main(page).getByRole('listbox');
  await listbox.getByRole('option', { name: option }).waitFor();
  // The field points screen readers at the active option while focus stays in the field.
  expect(await caption.getAttribute('aria-activedescendant')).toBeTruthy();
  while ((await listbox.getByRole('option', { name: option }).getAttribute('aria-selected')) !== 'true') {
    await caption.press('ArrowDown');
  }
  await caption.press('Enter');
  await listbox.waitFor({ state: 'detached' });
}

describe('the composer', () => {
  it('publishes a friends-only picture with a mention and a hashtag picked from the pickers', async () => {
    const caption = `Composer check ${Date.now()}`;
    const page = await signedIn('alice', '/me');
    await main(page).getByRole('link', { name: 'New post' }).click();
    await main(page).getByRole('heading', { name: 'New post' }).waitFor();
    await expectAccessible(page, 'composer');

    // Nothing is sent while a rule is broken: the message sits by its field, which gets the focus.
    await main(page).getByRole('button', { name: 'Publish' }).click();
    await main(page).getByText('Choose a picture or a video.').waitFor();
    await main(page).getByLabel('Link (optional)').fill('not a link');

    await main(page)
      .getByLabel('Picture or video')
      .setInputFiles(await photo('orange.jpg', '#e07020'));
    await main(page).getByRole('img', { name: 'Preview of the chosen picture' }).waitFor();
    await main(page).getByLabel('Caption').fill(`${caption} with `);
    await pick(page, '@bo', 'Bob Baker');
    await main(page).getByLabel('Caption').pressSequentially('in the ', { delay: 10 });
    await pick(page, '#landsc', '#landscape');
    expect(await main(page).getByLabel('Caption').inputValue()).toBe(`${caption} with @bob in the #landscape `);
    await main(page).getByLabel('Describe the picture (alt text)').fill('An orange square');
    await main(page).getByRole('radio', { name: 'Friends only' }).check();

    await main(page).getByRole('button', { name: 'Publish' }).click();
    await main(page).getByText('Enter a full web address, starting with https://').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('url');
    await main(page).getByLabel('Link (optional)').fill('https://example.org/composer');
    await screenshot(page, 'composer');

    const statuses: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/creators-content/status/')) statuses.push(String(response.status()));
    });
    const historyBefore = await page.evaluate(() => window.history.length);
    await main(page).getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/p\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const postPath = new URL(page.url()).pathname;
    const article = main(page).locator('article').first();
    await article.getByText(caption).waitFor();
    expect(await article.getByRole('link', { name: '@bob' }).getAttribute('href')).toBe('/u/bob');
    expect(await article.getByRole('link', { name: '#landscape' }).count()).toBe(1);
    const image = article.getByRole('img', { name: 'An orange square' });
    expect(await image.getAttribute('width')).toBe('1600');
    // 320, 640, 1080 and 1600 were made; srcset offers up to the first wide enough for the column at 2x.
    expect(await article.locator('source[type="image/webp"]').getAttribute('srcset')).toMatch(
      / 320w, .* 640w, .* 1080w$/,
    );
    // The history entry the composer kept while the file was on its way is gone: the post's page is the one
    // entry publishing added, and Back from it is the composer.
    expect(await page.evaluate(() => window.history.length)).toBe(historyBefore + 1);
    await page.goBack();
    await page.waitForURL(`${origin}/new`);
    await main(page).getByRole('button', { name: 'Publish' }).waitFor();

    // My profile's friends-only tab has it; my friend bob sees it; carol, not a friend, gets a 404.
    await page.goto(`${origin}/me?view=list`);
    await main(page).getByRole('tab', { name: 'Friends only' }).click();
    await main(page).getByRole('tabpanel', { name: 'Friends only' }).getByText(caption).waitFor();
    const bob = await signedIn('bob', '/u/alice?view=list');
    await main(bob).getByRole('tab', { name: 'Friends only' }).click();
    await main(bob).getByRole('tabpanel', { name: 'Friends only' }).getByText(caption).waitFor();
    const carol = await signedIn('carol', postPath);
    expect(await main(carol).getByText(caption).count()).toBe(0);
    await deletePublishedPost(page, postPath);
  });

  it('says by how much a caption runs over its limit, never a negative count left', async () => {
    const page = await signedIn('alice', '/new');
    await main(page).getByLabel('Caption').fill('a'.repeat(2205));
    await main(page).getByText('5 characters too many').waitFor();
    expect(
      await main(page)
        .getByText(/-\d+ characters left/)
        .count(),
    ).toBe(0);
  });

  it('says at once when a chosen file cannot be posted, and completes a link typed without https://', async () => {
    const page = await signedIn('alice', '/new');
    const picker = main(page).getByLabel('Picture or video');
    const notes = join(work, 'notes.txt');
    writeFileSync(notes, 'not a picture');
    await picker.setInputFiles(notes);
    await main(page).getByText('This file is not a picture or video we can use.', { exact: false }).waitFor();

    // Longer than the three minutes the server takes: known from the file's metadata, before any upload.
    const long = join(work, 'long.mp4');
    await makeVideo(long, { seconds: 181, size: '64x64', rate: 1 });
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') uploads.push(request.url());
    });
    await picker.setInputFiles(long);
    await main(page).getByText('This video is too long: the limit is 3 minutes.').waitFor();
    await main(page).getByRole('button', { name: 'Publish' }).click();
    expect(await picker.getAttribute('aria-invalid')).toBe('true');
    expect(uploads.filter((url) => url.includes('/creators-content'))).toEqual([]);

    const link = main(page).getByLabel('Link (optional)');
    await link.fill('example.com/route');
    await link.blur();
    expect(await link.inputValue()).toBe('https://example.com/route');
  });

  it('sends the abort and leaves nothing when the person cancels mid-upload', async () => {
    const caption = `Cancelled upload ${Date.now()}`;
    const page = await signedIn('alice', '/new');
    let releasePart = () => {};
    const partHeld = new Promise<void>((resolve) => {
      releasePart = resolve;
    });
    let partArrived = () => {};
    const arrived = new Promise<void>((resolve) => {
      partArrived = resolve;
    });
    await page.route(/\/uploads\/[^/]+\/parts\/\d+$/, async (route) => {
      partArrived();
      await partHeld;
      await route.abort().catch(() => undefined);
    });
    await main(page)
      .getByLabel('Picture or video')
      .setInputFiles(await photo('blue.jpg', '#2050e0'));
    await main(page).getByLabel('Caption').fill(caption);
    const abort = page.waitForRequest((request: Request) => request.url().endsWith('/abort/'));
    const discard = page.waitForRequest((request: Request) => request.method() === 'DELETE');
    await main(page).getByRole('button', { name: 'Publish' }).click();
    await arrived;
    await main(page)
      .getByText(/^Uploading: /)
      .waitFor();
    await main(page).getByRole('button', { name: 'Cancel' }).click();
    const aborted = await abort;
    expect(aborted.postDataJSON()).toEqual({ uploadId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    await discard;
    releasePart();
    await main(page).getByText('The upload was cancelled. Nothing was published.').waitFor();
    await page.goto(`${origin}/me?view=list`);
    await main(page).locator('article').first().waitFor();
    expect(await main(page).getByText(caption).count()).toBe(0);
  });

  it('publishes a video that plays over HLS', async () => {
    const clip = join(work, 'clip.mp4');
    await makeVideo(clip, { seconds: 4, size: '640x360' });
    const page = await signedIn('alice', '/new');
    await main(page).getByLabel('Picture or video').setInputFiles(clip);
    await main(page).getByLabel('Cover picture (optional)').waitFor();
    await main(page).getByLabel('Caption').fill(`A test pattern ${Date.now()}`);
    const statusReads: Request[] = [];
    page.on('requestfinished', (request) => {
      if (request.url().includes('/creators-content/status/')) statusReads.push(request);
    });
    await main(page).getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/p\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    // The processing status is read again a second after each answer (ADR 059; the browser's own clock).
    const reads = statusReads.map((request) => request.timing()).sort((a, b) => a.startTime - b.startTime);
    expect(reads.length).toBeGreaterThanOrEqual(2);
    const delays = reads.slice(1).map((read, index) => {
      const previous = reads[index] as (typeof reads)[number];
      return read.startTime - (previous.startTime + previous.responseEnd);
    });
    const median = [...delays].sort((a, b) => a - b)[Math.floor(delays.length / 2)] ?? 0;
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(950);
    expect(median).toBeLessThan(1500);
    const streamed: string[] = [];
    page.on('response', (response) => {
      if (/\.(m3u8|ts)$/.test(new URL(response.url()).pathname)) streamed.push(new URL(response.url()).pathname);
    });
    const video = main(page).locator('video').first();
    expect(await video.getAttribute('poster')).toMatch(/\.webp$/);
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0.5);
    expect(streamed.some((path) => path.endsWith('master.m3u8'))).toBe(true);
    expect(streamed.some((path) => path.endsWith('.ts'))).toBe(true);
    await deletePublishedPost(page);
  });
});
