import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Dialog, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { dismissConsent, phonePage, signInAs, signOutFromMenu } from './support/demo';
import { deletePublishedPost, holdRequests } from './support/pages';

/**
 * The composer when things go wrong on the way (ADR 009, 064): a file that is no picture is refused before
 * anything is sent, a file the server refuses leaves the post waiting for another one (and deleted once the
 * person leaves), a cancel that comes while the post is still being created keeps nothing, and leaving the page
 * before the file is through is asked about first.
 */
const origin = inject('origin');
let browser: Browser;
let work: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  work = mkdtempSync(join(tmpdir(), 'civitas-compose-recovery-'));
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

async function composer(): Promise<Page> {
  const page = await phonePage(browser, contexts);
  await signInAs(page, origin, 'alice', '/');
  await page.goto(`${origin}/new`);
  await dismissConsent(page);
  return page;
}

/** A JPEG of one colour, written to the test's folder: a real picture the server takes. */
async function solidJpeg(name: string, width: number, height: number, background: string): Promise<string> {
  const file = join(work, name);
  writeFileSync(
    file,
    await sharp({ create: { width, height, channels: 3, background } })
      .jpeg()
      .toBuffer(),
  );
  return file;
}

const main = (page: Page) => page.locator('main');
const isCreate = (request: Request) => request.method() === 'POST' && /\/v7\/creators-content$/.test(request.url());
const isInitiate = (request: Request) => request.method() === 'POST' && request.url().endsWith('/initiate');
const postIdOf = (url: string) => /creators-content\/([0-9a-f-]{36})\//.exec(url)?.[1];

/** The HTTP status of a post's processing status, as the signed-in page reads it (404: no such post of mine). */
const processingStatusOf = (page: Page, postId: string) =>
  page.evaluate(
    async (id) =>
      (
        await fetch(`/api/users/creators-content/status/${id}`, {
          credentials: 'same-origin',
          headers: { 'x-api-version': '1.0' },
        })
      ).status,
    postId,
  );

/** My post total, as my profile reads it. */
const myPostsCount = (page: Page) =>
  page.evaluate(
    async () =>
      (
        (await (
          await fetch('/api/users/influencers/me', { credentials: 'same-origin', headers: { 'x-api-version': '5.0' } })
        ).json()) as { postsCount: number }
      ).postsCount,
  );

describe('the composer recovers', () => {
  it('sends another file to the same post after the server refuses one', async () => {
    const page = await composer();
    const requests: Request[] = [];
    page.on('request', (request) => {
      if (isCreate(request) || isInitiate(request)) requests.push(request);
    });
    // A JPEG's first bytes, so the browser's check lets it through; the rest is no picture, which the server finds.
    const fake = join(work, 'damaged.jpg');
    writeFileSync(fake, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]));
    const caption = `Second try ${Date.now()}`;
    await main(page).getByLabel('Picture or video').setInputFiles(fake);
    await main(page).getByLabel('Caption').fill(caption);
    await main(page).getByRole('button', { name: 'Publish' }).click();

    const alert = main(page).getByRole('alert');
    await alert.getByText('This file is damaged or incomplete. Try exporting it again.').waitFor();
    // The server's own reason is there as the detail, on a page in English (the language it is written in).
    const paragraphs = await alert.locator('p').allTextContents();
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[1]).toMatch(/\w/);

    const good = await solidJpeg('green.jpg', 800, 600, '#20a050');
    await main(page).getByLabel('Picture or video').setInputFiles(good);
    await main(page).getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/p\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await main(page).locator('article').first().getByText(caption).waitFor();

    const postId = new URL(page.url()).pathname.split('/').at(-1);
    expect(requests.filter(isCreate)).toHaveLength(1);
    const initiated = requests.filter(isInitiate).map((request) => postIdOf(request.url()));
    expect(initiated).toEqual([postId, postId]);
    await deletePublishedPost(page);
  });

  it('refuses text named .jpg the moment it is chosen: one message, no preview, nothing sent', async () => {
    const page = await composer();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/creators-content')) sent.push(request.url());
    });
    const fake = join(work, 'notes.jpg');
    writeFileSync(fake, 'This is text, not a picture.\n'.repeat(40));
    await main(page).getByLabel('Picture or video').setInputFiles(fake);
    const message = 'This file is not a picture or video we can use.';
    await main(page).getByRole('alert').filter({ hasText: message }).waitFor();
    await main(page).getByLabel('Caption').fill('Never sent');
    await main(page).getByRole('button', { name: 'Publish' }).click();
    expect(await main(page).getByText(message, { exact: false }).count()).toBe(1);
    expect(await main(page).getByRole('alert').count()).toBe(1);
    expect(await main(page).locator('img[src^="blob:"]').count()).toBe(0);
    expect(await main(page).getByLabel('Picture or video').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('deletes a post whose file was refused once the person leaves: not on the profile, the total unchanged', async () => {
    const page = await composer();
    const postsBefore = await myPostsCount(page);
    const created = page.waitForResponse((response) => isCreate(response.request()));
    const fake = join(work, 'damaged-too.jpg');
    writeFileSync(fake, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x42)]));
    const caption = `Refused and left ${Date.now()}`;
    await main(page).getByLabel('Picture or video').setInputFiles(fake);
    await main(page).getByLabel('Caption').fill(caption);
    await main(page).getByRole('button', { name: 'Publish' }).click();
    await main(page).getByRole('alert').getByText('This file is damaged or incomplete.', { exact: false }).waitFor();
    const { id } = (await (await created).json()) as { id: string };
    // Meanwhile the waiting post counts nowhere.
    expect(await myPostsCount(page)).toBe(postsBefore);

    const discarded = page.waitForRequest((request) => request.method() === 'DELETE');
    await page.locator('header.site-header').getByRole('link', { name: 'My profile' }).first().click();
    expect((await discarded).url()).toMatch(new RegExp(`/creators-content/${id}$`));
    await page.waitForURL(/\/me$/);
    // The list view, where captions show (the grid shows pictures only).
    await page.goto(`${origin}/me?view=list`);
    await main(page).locator('article').first().waitFor();
    await expect.poll(() => main(page).getByText(caption).count()).toBe(0);
    await expect.poll(() => processingStatusOf(page, id), { timeout: 10_000 }).toBe(404);
    expect(await myPostsCount(page)).toBe(postsBefore);
  });

  it('keeps nothing when cancelled while the post is being created', async () => {
    const page = await composer();
    const { arrived: createArrived, release } = await holdRequests(page, /\/v7\/creators-content$/);
    const initiates: string[] = [];
    page.on('request', (request) => {
      if (isInitiate(request)) initiates.push(request.url());
    });
    const created = page.waitForResponse((response) => isCreate(response.request()));
    const discarded = page.waitForRequest((request) => request.method() === 'DELETE');

    const caption = `Cancelled early ${Date.now()}`;
    const photo = await solidJpeg('red.jpg', 400, 300, '#c02020');
    await main(page).getByLabel('Picture or video').setInputFiles(photo);
    await main(page).getByLabel('Caption').fill(caption);
    await main(page).getByRole('button', { name: 'Publish' }).click();
    await createArrived;
    await main(page).getByRole('button', { name: 'Cancel' }).click();
    await main(page).getByText('The upload was cancelled. Nothing was published.').waitFor();
    release();

    // The server made the post after all: the composer deletes it at once and uploads nothing to it.
    const { id } = (await (await created).json()) as { id: string };
    expect((await discarded).url()).toMatch(new RegExp(`/creators-content/${id}$`));
    await main(page).getByRole('button', { name: 'Publish' }).waitFor();
    expect(initiates).toEqual([]);
    await expect.poll(() => processingStatusOf(page, id), { timeout: 10_000 }).toBe(404);
  });

  it('asks before a link or Back leaves an upload: staying keeps it going, leaving discards the post', async () => {
    // Opened from the stage through the site's navigation, as a person does: Back is then the app's own.
    const page = await phonePage(browser, contexts);
    await signInAs(page, origin, 'alice', '/');
    await dismissConsent(page);
    await page.locator('header.site-header nav').getByRole('link', { name: 'New post' }).click();
    await page.waitForURL(`${origin}/new`);
    // The file's upload is held at its first call, so the post stays on its way for as long as the test needs.
    const { arrived: initiateArrived, release } = await holdRequests(page, /\/initiate$/);
    const questions: string[] = [];
    const answers: ('stay' | 'leave')[] = [];
    page.on('dialog', (dialog: Dialog) => {
      questions.push(dialog.message());
      void (answers.shift() === 'leave' ? dialog.accept() : dialog.dismiss());
    });
    const created = page.waitForResponse((response) => isCreate(response.request()));

    const photo = await solidJpeg('blue.jpg', 400, 300, '#2040c0');
    await main(page).getByLabel('Picture or video').setInputFiles(photo);
    await main(page).getByLabel('Caption').fill(`Left mid-upload ${Date.now()}`);
    await main(page).getByRole('button', { name: 'Publish' }).click();
    const { id } = (await (await created).json()) as { id: string };
    await initiateArrived;
    const question = 'Your post is still uploading. Leave this page and discard it?';
    const stillComposing = async () => {
      expect(new URL(page.url()).pathname).toBe('/new');
      await main(page).getByRole('button', { name: 'Cancel' }).waitFor();
    };

    // A link of the site's own header: asked, and staying keeps the page and its upload.
    answers.push('stay');
    await page.locator('header.site-header').getByRole('link', { name: 'Civitas' }).click();
    await expect.poll(() => questions).toEqual([question]);
    await stillComposing();

    // Back: asked the same; staying again.
    answers.push('stay');
    await page.goBack();
    await expect.poll(() => questions).toHaveLength(2);
    await stillComposing();

    // Back once more, and leaving: the page the composer was opened from, and the post is gone.
    answers.push('leave');
    const discarded = page.waitForRequest(
      (request) => request.method() === 'DELETE' && request.url().endsWith(`/creators-content/${id}`),
    );
    await page.goBack();
    await page.waitForURL(`${origin}/`);
    await main(page).locator('article').first().waitFor();
    expect(questions).toEqual([question, question, question]);
    await discarded;
    release();
    await expect.poll(() => processingStatusOf(page, id), { timeout: 10_000 }).toBe(404);
  });
  it('asks before signing out mid-upload, and a sign-out the person chooses discards the post first', async () => {
    const page = await composer();
    const { arrived: initiateArrived, release } = await holdRequests(page, /\/initiate$/);
    const answers: ('stay' | 'leave')[] = [];
    const questions: string[] = [];
    page.on('dialog', (dialog: Dialog) => {
      questions.push(dialog.message());
      void (answers.shift() === 'leave' ? dialog.accept() : dialog.dismiss());
    });
    // The order in which the post's discard and the sign-out reach for the server.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE' && /\/creators-content\/[0-9a-f-]{36}$/.test(request.url()))
        sent.push('discard');
      if (request.url().endsWith('/api/auth/logout')) sent.push('logout');
    });
    const created = page.waitForResponse((response) => isCreate(response.request()));
    const photo = await solidJpeg('teal.jpg', 400, 300, '#20a0a0');
    await main(page).getByLabel('Picture or video').setInputFiles(photo);
    await main(page).getByLabel('Caption').fill(`Signed out mid-upload ${Date.now()}`);
    await main(page).getByRole('button', { name: 'Publish' }).click();
    const { id } = (await (await created).json()) as { id: string };
    await initiateArrived;

    // Staying: still signed in, still uploading, nothing sent.
    answers.push('stay');
    await signOutFromMenu(page);
    await expect.poll(() => questions).toHaveLength(1);
    expect(questions[0]).toBe('Your post is still uploading. Leave this page and discard it?');
    await main(page).getByRole('button', { name: 'Cancel' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/new');
    expect(sent).toEqual([]);

    // Leaving: the post is discarded while the session still owns it, then the sign-out runs as usual.
    answers.push('leave');
    await signOutFromMenu(page);
    await page.waitForURL(`${origin}/`);
    await page.locator('header.site-header').getByRole('link', { name: 'Sign in' }).waitFor();
    expect(questions).toHaveLength(2);
    expect(sent.slice(0, 2)).toEqual(['discard', 'logout']);
    release();
    await signInAs(page, origin, 'alice', '/');
    await expect.poll(() => processingStatusOf(page, id), { timeout: 10_000 }).toBe(404);
  });
});
