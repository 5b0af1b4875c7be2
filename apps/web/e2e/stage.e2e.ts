import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAGE_SIZE } from '../src/app/[locale]/first-page-size';
import { launchChromium } from './support/browser';
import { callApi } from './support/cli';
import { dismissConsent, newPhoneContext, signInAs } from './support/demo';
import { e2eServerEnv } from './support/global-setup';
import { cookieJar, expectAccessible, screenshot, waitForHydration } from './support/pages';
import { repoRoot } from './support/paths';
import { type RunningApp, startApp } from './support/server';

/**
 * The main stage in a real browser. This journey runs its own app (demo world plus a small generated
 * dataset), so the stage holds several pages of posts without changing the data every other journey reads.
 */
const PAGE_SIZE = 20;
const STAGE_API = '/api/content/v9/feed/eight-stage';

let app: RunningApp;
let browser: Browser;
let guestToken: string;

/** The admin CLI on this journey's data, with a clean environment (no DATABASE_URL from the caller). */
async function cli(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(repoRoot, 'apps/api/dist/cli/main.js'), ...args],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        DATA_DIR: app.dataDir,
        // Tokens the CLI mints name the server's public address as their issuer.
        PUBLIC_URL: app.origin,
        LOG_LEVEL: 'warn',
      },
    },
  );
  return stdout.trim();
}

interface FeedPost {
  id: string;
  caption: { content: string };
  media: { imageUri: string | null; altText: string | null };
  likesOverviewDetails: { liked: boolean };
}

interface FeedPage {
  data: FeedPost[];
  continuationToken: string | null;
}

/** The first page of a country's stage, read through the API with `token` (a guest's or a citizen's). */
async function stagePageFromApi(country: string, token: string, size = PAGE_SIZE): Promise<FeedPage> {
  const response = await fetch(`${app.origin}${STAGE_API}?country=${country}&size=${size}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as FeedPage;
}

/** Text as React writes it into HTML. */
const asHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** One post's card in a page's HTML (from its opening tag to its end), or '' when it is not there. */
function cardInHtml(html: string, postId: string): string {
  const start = html.indexOf(`aria-labelledby="post-${postId}-author"`);
  return start < 0 ? '' : html.slice(start, html.indexOf('</article>', start));
}

/** The caption as far as its first mention or hashtag: one run of text in the card's HTML. */
const captionOpening = (post: FeedPost) => post.caption.content.split(/[@#]/)[0]?.trim() ?? '';

/** Every post id on a country's stage as the API pages it, newest first. */
async function stageIdsFromApi(country: string): Promise<string[]> {
  const ids: string[] = [];
  let token: string | null = null;
  for (let pages = 0; pages < 50; pages += 1) {
    const url = new URL(`${app.origin}${STAGE_API}`);
    url.searchParams.set('country', country);
    if (token) url.searchParams.set('continuationToken', token);
    const response = await fetch(url, { headers: { authorization: `Bearer ${guestToken}` } });
    expect(response.status).toBe(200);
    const page = (await response.json()) as FeedPage;
    ids.push(...page.data.map((post) => post.id));
    token = page.continuationToken;
    if (!token || page.data.length === 0) break;
  }
  return ids;
}

beforeAll(async () => {
  app = await startApp(e2eServerEnv, 'stage-server.log');
  // A fixed seed gives the same rows every run: about 70 posts on the GB stage, i.e. four pages.
  await cli('generate', '--citizens', '150', '--posts', '900', '--likes', '5000', '--images', '3');
  guestToken = (await cli('mint-token', '--guest')).split('\n').at(-1) ?? '';
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const cards = (page: Page) => page.locator('main article');
const postIds = (page: Page) =>
  cards(page).evaluateAll((articles) =>
    articles.map((article) => article.getAttribute('aria-labelledby')?.replace(/^post-|-author$/g, '') ?? ''),
  );
const endOfFeed = (page: Page) => page.getByRole('status').filter({ hasText: 'You have seen everything here.' });

/** Scrolls as a person does, to the bottom again and again, until the feed says it has ended. */
async function scrollToTheEnd(page: Page): Promise<void> {
  for (let step = 0; step < 60 && !(await endOfFeed(page).isVisible()); step += 1) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(250);
  }
}

async function openStage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${app.origin}/`);
  await dismissConsent(page);
  await cards(page).first().waitFor();
  return page;
}

describe('a guest on the main stage', () => {
  let context: BrowserContext;
  let page: Page;
  const feedCalls: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    context = await newPhoneContext(browser);
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === STAGE_API) feedCalls.push(request.url());
    });
    context.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    // React 19 reports a hydration mismatch through window.reportError: a page error, not a console line.
    context.on('weberror', (error) => pageErrors.push(String(error.error())));
    page = await openStage(context);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('gets the heading and the first page in the server’s HTML, its first picture eager and high priority', async () => {
    const html = await (await fetch(`${app.origin}/`, { headers: { 'accept-language': 'en-GB' } })).text();
    expect(html).toMatch(/<h1 id="stage-heading">Main stage<\/h1>/);
    const expected = await stagePageFromApi('GB', guestToken, FIRST_PAGE_SIZE);
    expect(expected.data).toHaveLength(FIRST_PAGE_SIZE);
    for (const post of expected.data) expect(cardInHtml(html, post.id), post.id).not.toBe('');
    const first = expected.data[0] as FeedPost;
    const card = cardInHtml(html, first.id);
    expect(captionOpening(first).length).toBeGreaterThan(3);
    expect(card).toContain(asHtml(captionOpening(first)));
    const image = /<img [^>]*>/.exec(card.slice(card.indexOf('<img class=')))?.[0] ?? '';
    expect(image).toContain(`src="${first.media.imageUri}"`);
    expect(image).toContain(`alt="${asHtml(first.media.altText ?? '')}"`);
    expect(image).toContain('loading="eager"');
    expect(image).toContain('fetchPriority="high"');
    // Only the first post's picture is asked for at once.
    expect(html.match(/fetchPriority="high"/g)?.length).toBeLessThanOrEqual(2);
    // Guests see counts and a way to sign in, never a like state.
    expect(card).not.toContain('aria-pressed');
  });

  it('asks the API for no stage page while loading: the browser takes the server’s page as it is', async () => {
    await page.waitForLoadState('networkidle');
    // React found the markup it would have rendered: a mismatch is an error (#418 in production builds).
    expect(pageErrors.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
    expect(feedCalls).toEqual([]);
    expect(await cards(page).count()).toBe(FIRST_PAGE_SIZE);
  });

  it('reads posts whose pictures load and carry alternative text', async () => {
    expect(await cards(page).count()).toBe(FIRST_PAGE_SIZE);
    const media = await cards(page).evaluateAll((articles) =>
      articles.map((article) => {
        const picture = article.querySelector('img:not([alt=""])');
        const video = article.querySelector('video[aria-label]');
        return picture?.getAttribute('alt') ?? video?.getAttribute('aria-label') ?? null;
      }),
    );
    for (const label of media) expect(label?.trim().length, 'every post’s media is described').toBeGreaterThan(3);
    const first = cards(page).first().locator('img:not([alt=""])');
    await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'stage-guest');
    await expectAccessible(page, 'the stage, as a guest');
  });

  it('scrolls through every page to the end, with no post twice', async () => {
    const expected = await stageIdsFromApi('GB');
    expect(expected.length, 'the generated data fills at least three pages').toBeGreaterThan(2 * PAGE_SIZE);
    await scrollToTheEnd(page);
    await expect.poll(() => endOfFeed(page).isVisible()).toBe(true);
    const seen = await postIds(page);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expected);
    // Every page after the server's first one, each asked for once, carrying on from the server page's token.
    expect(feedCalls.length).toBeGreaterThanOrEqual(Math.ceil(expected.length / PAGE_SIZE) - 1);
    for (const url of feedCalls) expect(new URL(url).searchParams.get('continuationToken')).toBeTruthy();
    expect(new Set(feedCalls).size).toBe(feedCalls.length);
    expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
  });

  it('takes a new snapshot on "Refresh": a post staged meanwhile appears only then, on top', async () => {
    const onStage = new Set(await postIds(page));
    const newcomer = (await stageIdsFromApi('DE')).find((id) => !onStage.has(id));
    expect(newcomer).toBeTruthy();
    await cli('stage', '--post', newcomer as string, '--countries', 'GB');
    // Scrolling back up or waiting does not mix the newer snapshot into the open one.
    await page.mouse.wheel(0, -100_000);
    await page.waitForTimeout(1500);
    expect(await postIds(page)).not.toContain(newcomer);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(async () => (await postIds(page))[0], { timeout: 10_000 }).toBe(newcomer);
    expect(new Set(await postIds(page)).size).toBe(PAGE_SIZE);
  });
});

describe('a guest from a country whose stage is still empty', () => {
  it('gets the default country’s stage, saying so, without first being told there is nothing', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-NZ' });
    try {
      const page = await context.newPage();
      // Everything the page ever said, not only what it says at the end.
      await page.addInitScript(() => {
        const said = new Set<string>();
        (window as unknown as { said: Set<string> }).said = said;
        new MutationObserver(() => said.add(document.querySelector('main')?.textContent ?? '')).observe(document, {
          subtree: true,
          childList: true,
          characterData: true,
        });
        // Each table of region names the page builds: one is a long task on a phone, for one word.
        const RegionNames = Intl.DisplayNames;
        const built = { count: 0 };
        (window as unknown as { regionTables: typeof built }).regionTables = built;
        Object.assign(Intl, {
          DisplayNames: class extends RegionNames {
            constructor(...args: ConstructorParameters<typeof RegionNames>) {
              super(...args);
              built.count += 1;
            }
          },
        });
      });
      await page.goto(`${app.origin}/`);
      await cards(page).first().waitFor();
      expect(await page.locator('main').textContent()).toContain(
        "Nothing is on your country's stage yet, so here is the main stage of United Kingdom.",
      );
      // The country's name came written by the server: hydrating the stage builds no region table of its own.
      await waitForHydration(page, 'section[aria-labelledby="stage-heading"] button');
      expect(
        await page.evaluate(() => (window as unknown as { regionTables: { count: number } }).regionTables.count),
      ).toBe(0);
      const everSaid = await page.evaluate(() => [...(window as unknown as { said: Set<string> }).said].join('\n'));
      expect(everSaid).not.toContain('Nothing is on the stage yet');
      // The server made that choice: its HTML already says so, over the default country's first page.
      const html = await (await fetch(`${app.origin}/`, { headers: { 'accept-language': 'en-NZ' } })).text();
      expect(html).toContain(
        asHtml("Nothing is on your country's stage yet, so here is the main stage of United Kingdom."),
      );
      const first = (await stagePageFromApi('GB', guestToken)).data[0] as FeedPost;
      expect(cardInHtml(html, first.id)).not.toBe('');
    } finally {
      await context.close();
    }
  });
});

describe('a citizen likes a post on the stage', () => {
  let context: BrowserContext;
  let page: Page;
  let card: Locator;
  const heart = () => card.getByRole('button', { name: 'Like' });
  const pressed = () => heart().getAttribute('aria-pressed');
  // The like's own count, beside its button (the comments' button has a count of its own).
  const likes = async () => Number(await heart().locator('xpath=..').locator('data').getAttribute('value'));
  const toasts = () => page.locator('.Toastify__toast');

  beforeAll(async () => {
    context = await newPhoneContext(browser);
    page = await context.newPage();
    await signInAs(page, app.origin, 'alice');
    await dismissConsent(page);
    // Someone else's post that alice has not liked yet, so the journey starts from a known state.
    const candidate = cards(page)
      .filter({ has: page.locator('button[aria-pressed="false"]') })
      .filter({ hasNotText: '@alice' })
      .first();
    await candidate.waitFor();
    const labelledBy = await candidate.getAttribute('aria-labelledby');
    card = page.locator(`main article[aria-labelledby="${labelledBy}"]`);
    await waitForHydration(page, `main article[aria-labelledby="${labelledBy}"] button[aria-pressed]`);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('names the heart with its post’s author, so that a screen reader’s list of buttons tells posts apart', async () => {
    const labelledBy = await card.getAttribute('aria-labelledby');
    const author = (await page.locator(`[id="${labelledBy}"]`).textContent())?.trim() ?? '';
    expect(author).not.toBe('');
    expect(await card.getByRole('button', { name: `Like ${author}`, exact: true }).count()).toBe(1);
  });

  it('gets the first page in the server’s HTML with the citizen’s own likes', async () => {
    const token = (await cookieJar(context)).get('civitas_citizen_token')?.value ?? '';
    const asAlice = await stagePageFromApi('GB', token, FIRST_PAGE_SIZE);
    // One post alice likes (liked through the API now if the generated data has none on this page) and one not.
    const liked = asAlice.data.find((post) => post.likesOverviewDetails.liked) ?? (asAlice.data.at(-1) as FeedPost);
    const likedHere = !liked.likesOverviewDetails.liked;
    const likeCall = (verb: 'liked' | 'un-liked') =>
      callApi(app.origin, `/api/users/influencers/me/${verb}-creators-content/${liked.id}`, token, {
        method: 'POST',
        headers: { 'x-api-version': '3.0' },
        // The call takes no body, but a JSON content type (which callApi sends) must come with one.
        body: '{}',
      });
    if (likedHere) expect((await likeCall('liked')).status).toBeLessThan(300);
    const notLiked = asAlice.data.find((post) => !post.likesOverviewDetails.liked) as FeedPost;
    // The browser's own cookies, as a reload would send them, but only the HTML: no script has run on it.
    const html = await (await context.request.get(`${app.origin}/`)).text();
    expect(cardInHtml(html, liked.id)).toContain('aria-pressed="true"');
    expect(cardInHtml(html, notLiked.id)).toContain('aria-pressed="false"');
    expect(cardInHtml(html, notLiked.id)).toContain(asHtml(captionOpening(notLiked)));
    // A guest's HTML of the same stage knows nobody's likes.
    const guestHtml = await (await fetch(`${app.origin}/`, { headers: { 'accept-language': 'en-GB' } })).text();
    expect(cardInHtml(guestHtml, liked.id)).not.toContain('aria-pressed');
    // Back as it was, for the journeys below.
    if (likedHere) expect((await likeCall('un-liked')).status).toBeLessThan(300);
  });

  it('changes the heart and the count at once, before the server answers, and keeps them', async () => {
    const before = await likes();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/liked-creators-content/**', async (route: Route) => {
      await held;
      await route.continue();
    });
    await heart().click();
    // The server's answer is held back: whatever shows now is the page's own change, made before it.
    await expect.poll(pressed, { timeout: 2000 }).toBe('true');
    expect(await likes()).toBe(before + 1);
    const answered = page.waitForResponse((response) => response.url().includes('/liked-creators-content/'));
    release();
    expect((await answered).status()).toBeLessThan(300);
    await page.unroute('**/liked-creators-content/**');
    expect(await likes()).toBe(before + 1);
    // The server kept it: a fresh render of the stage shows the same.
    await page.reload();
    await card.waitFor();
    await waitForHydration(
      page,
      `main article[aria-labelledby="${await card.getAttribute('aria-labelledby')}"] button[aria-pressed]`,
    );
    expect(await pressed()).toBe('true');
    expect(await likes()).toBe(before + 1);
    await screenshot(page, 'stage-citizen');
    await expectAccessible(page, 'the stage, as a citizen');

    const unliked = page.waitForResponse((response) => response.url().includes('/un-liked-creators-content/'));
    await heart().click();
    await expect.poll(pressed, { timeout: 2000 }).toBe('false');
    expect(await likes()).toBe(before);
    expect((await unliked).status()).toBeLessThan(300);
  });

  it('puts the heart and count back and says so when the like fails', async () => {
    const before = await likes();
    await page.route('**/liked-creators-content/**', (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }),
      }),
    );
    await heart().click();
    const toast = toasts().filter({ hasText: 'Sorry, something went wrong' });
    await toast.waitFor();
    expect(await toast.getAttribute('role')).toBe('alert');
    expect(await pressed()).toBe('false');
    expect(await likes()).toBe(before);
    expect(await page.locator('.Toastify__toast-container--top-center').count()).toBe(1);
    await page.unroute('**/liked-creators-content/**');
  });

  it('shows only the newest toast when two failures come in a row', async () => {
    await page.route('**/liked-creators-content/**', (route: Route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'slow down' }),
      }),
    );
    await heart().click();
    // The newer message replaces the one still showing, at once: not queued behind it for 7 s.
    const newest = toasts().filter({ hasText: 'You are doing that too often' });
    await newest.waitFor({ timeout: 3000 });
    await expect.poll(() => toasts().count()).toBe(1);
    expect(await pressed()).toBe('false');
    await page.unroute('**/liked-creators-content/**');
  });
});
