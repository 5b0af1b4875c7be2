import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { newPhoneContext } from './support/demo';
import { waitForHydration } from './support/pages';

/**
 * Post pictures on a phone (390 px wide, 1x) against the real app with the demo world, whose pictures have
 * WebP renditions: the first picture of a page is asked for at once and ahead of the rest, every picture
 * keeps its room before it arrives (no layout shift) with its placeholder behind it, and the browser takes
 * the rendition the column needs instead of the 1080 px picture a desktop would.
 */
const origin = inject('origin');

let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchChromium();
  context = await newPhoneContext(browser);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const SIZES = '(min-width: 501px) 500px, 100vw';
const pictures = (page: Page) => page.locator('main article picture img');

/** How a picture was asked for, and what the browser made of it. */
const factsOf = (image: Locator) =>
  image.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    const source = img.parentElement?.querySelector('source[type="image/webp"]');
    return {
      loaded: img.complete && img.naturalWidth > 0,
      chosen: img.currentSrc ? new URL(img.currentSrc).pathname : '',
      priority: img.getAttribute('fetchpriority'),
      loading: img.getAttribute('loading'),
      decoding: img.getAttribute('decoding'),
      width: Number(img.getAttribute('width')),
      height: Number(img.getAttribute('height')),
      box: { width: box.width, height: box.height },
      background: getComputedStyle(img).backgroundImage,
      srcset: source?.getAttribute('srcset') ?? '',
      sizes: source?.getAttribute('sizes') ?? '',
    };
  });

/** The width of the rendition a path names (".../image-640.webp" → 640), or NaN for anything else. */
const renditionWidth = (path: string) => Number(/-(\d+)\.webp$/.exec(path)?.[1] ?? Number.NaN);

/** Opens a page, remembering the path of every request it makes. */
async function open(path: string, options: { waitUntil?: 'load' | 'domcontentloaded' } = {}) {
  const page = await context.newPage();
  const requested = new Set<string>();
  page.on('request', (request) => requested.add(new URL(request.url()).pathname));
  await page.goto(`${origin}${path}`, options);
  return { page, requested };
}

const waitUntilLoaded = (image: Locator) =>
  expect.poll(async () => (await factsOf(image)).loaded, { timeout: 10_000 }).toBe(true);

/** What every page's first picture shows: high priority, sized, from srcset, no wider than a 1x phone needs. */
async function expectFirstPictureFit(page: Page, requested: Set<string>) {
  const first = pictures(page).first();
  await waitUntilLoaded(first);
  const facts = await factsOf(first);
  expect(facts.priority).toBe('high');
  expect(facts.loading).not.toBe('lazy');
  expect(facts.width).toBeGreaterThan(0);
  expect(facts.height).toBeGreaterThan(0);
  expect(facts.srcset).toMatch(/-320\.webp 320w, \S+-640\.webp 640w/);
  expect(facts.sizes).toBe(SIZES);
  expect(facts.background).toMatch(/^url\("data:image\/webp;base64,/);
  // The chosen rendition is a WebP of at most 640 px: never the 1080 px one, the 2048 px one or the JPEG.
  expect(renditionWidth(facts.chosen), facts.chosen).toBeLessThanOrEqual(640);
  // And nothing else of that picture was downloaded beside it.
  const folder = facts.chosen.slice(0, facts.chosen.lastIndexOf('/') + 1);
  expect([...requested].filter((path) => path.startsWith(folder))).toEqual([facts.chosen]);
  // Only one picture on the page is asked for ahead of the others.
  expect(await page.locator('img[fetchpriority="high"]').count()).toBe(1);
  return facts;
}

/** Every picture after the first waits until it comes near the screen. */
async function expectLaterPicturesLazy(page: Page) {
  const later = await pictures(page).evaluateAll((images) =>
    images
      .slice(1)
      .map((img) => [img.getAttribute('loading'), img.getAttribute('decoding'), img.getAttribute('fetchpriority')]),
  );
  expect(later.length).toBeGreaterThan(0);
  for (const attributes of later) expect(attributes).toEqual(['lazy', 'async', null]);
}

describe('pictures on a 390 px phone', () => {
  it('on the stage: the first post’s picture first and at the width the screen needs, the rest lazily', async () => {
    const { page, requested } = await open('/');
    // The picture asked for first is the first post's.
    expect(await page.locator('main article').first().locator('picture img').getAttribute('fetchpriority')).toBe(
      'high',
    );
    await expectFirstPictureFit(page, requested);
    await expectLaterPicturesLazy(page);
    await page.close();
  });

  it('on a post’s page: its room kept and its placeholder shown until the picture arrives', async () => {
    const stage = await context.newPage();
    await stage.goto(`${origin}/`);
    const postId = (await stage.locator('main article').first().getAttribute('aria-labelledby'))?.replace(
      /^post-|-author$/g,
      '',
    );
    await stage.close();
    expect(postId).toMatch(/^[0-9a-f-]{36}$/);

    const page = await context.newPage();
    const requested = new Set<string>();
    page.on('request', (request) => requested.add(new URL(request.url()).pathname));
    // Pictures are held back, so the page can be looked at before any of them arrives.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/media/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${origin}/p/${postId}`, { waitUntil: 'domcontentloaded' });
    const image = pictures(page).first();
    const before = await factsOf(image);
    expect(before.loaded).toBe(false);
    expect(before.box.width).toBeGreaterThan(300);
    // The box has the picture's own proportions from the first layout (its width and height attributes).
    expect(Math.abs(before.box.height - (before.box.width * before.height) / before.width)).toBeLessThan(1);
    expect(before.background).toMatch(/^url\("data:image\/webp;base64,/);
    release();
    const after = await expectFirstPictureFit(page, requested);
    expect(after.box).toEqual(before.box);
    await page.close();
  });

  it('asks for the framework’s scripts only after a frame has been drawn with the first picture (ADR 027)', async () => {
    const page = await context.newPage();
    // The time of every animation frame from the first on, kept by the page itself.
    await page.addInitScript(() => {
      const frames: number[] = [];
      Object.assign(window, { frameTimes: frames });
      const record = () => {
        frames.push(performance.now());
        requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    await page.goto(`${origin}/u/heidi`);
    await waitForHydration(page, 'main');
    const timeline = await page.evaluate(() => {
      const first = document.querySelector<HTMLImageElement>('img[fetchpriority=high]');
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const picture = resources.find((entry) => entry.name === first?.currentSrc);
      const scripts = resources.filter((entry) => /\/_next\/static\/.+\.js$/.test(new URL(entry.name).pathname));
      return {
        pictureArrived: picture?.responseEnd ?? Number.NaN,
        scriptsAskedFor: Math.min(...scripts.map((entry) => entry.startTime)),
        scripts: scripts.length,
        frames: (window as unknown as { frameTimes: number[] }).frameTimes,
      };
    });
    expect(timeline.scripts).toBeGreaterThan(0);
    expect(timeline.scriptsAskedFor).toBeGreaterThan(timeline.pictureArrived);
    const framesBetween = timeline.frames.filter(
      (time) => time > timeline.pictureArrived && time < timeline.scriptsAskedFor,
    );
    expect(framesBetween.length, JSON.stringify(timeline)).toBeGreaterThan(0);
    await page.close();
  });

  it('adds them one at a time once the picture is on screen, so no run of script asks for all of them', async () => {
    const page = await context.newPage();
    // Each framework script the page adds to the head, and whether the script that added the one before has
    // returned to the browser since: a microtask queued at one insertion runs before the next only then.
    await page.addInitScript(() => {
      const added: { src: string; alone: boolean }[] = [];
      Object.assign(window, { addedScripts: added });
      let returned = true;
      const append = Node.prototype.appendChild;
      Node.prototype.appendChild = function <T extends Node>(this: Node, child: T): T {
        if (this === document.head && child instanceof HTMLScriptElement && child.src.includes('/_next/static/')) {
          added.push({ src: child.src, alone: returned });
          returned = false;
          queueMicrotask(() => {
            returned = true;
          });
        }
        return append.call(this, child) as T;
      };
    });
    await page.goto(`${origin}/u/heidi`);
    await waitForHydration(page, 'main');
    const added = await page.evaluate(
      () => (window as unknown as { addedScripts: { src: string; alone: boolean }[] }).addedScripts,
    );
    expect(added.length).toBeGreaterThan(2);
    expect(added.filter((script) => !script.alone)).toEqual([]);
    await page.close();
  });

  it('on a profile: the first post’s picture first, the others lazily', async () => {
    // heidi's posts are pictures that no other journey adds to or removes.
    const { page, requested } = await open('/u/heidi?view=list');
    await expectFirstPictureFit(page, requested);
    await expectLaterPicturesLazy(page);
    await page.close();
  });
});
