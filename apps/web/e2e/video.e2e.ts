import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { callApi, runCli } from './support/cli';
import { dismissConsent, newPhoneContext } from './support/demo';

/**
 * The demo's video in a browser that cannot play HLS itself (Chromium told so: Firefox and older desktop
 * browsers are such), where hls.js streams it: nothing of the stream or of hls.js is fetched until the video is
 * played, then it plays over HLS. Browsers that play HLS themselves are covered by compose.e2e.ts.
 */
const origin = inject('origin');
const dataDir = inject('dataDir');

interface Post {
  id: string;
  mediaType: 'image' | 'video';
  media: { status: string; hlsUri: string | null };
}

let browser: Browser;
let context: BrowserContext;
let videoPostId = '';

/** The demo video, once the worker has made its renditions (it is processed after the server starts). */
async function readyDemoVideo(token: string): Promise<string> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const { body } = await callApi<{ data: Post[] }>(origin, '/api/content/v2/feed/profile/public', token);
    const video = body.data.find((post) => post.mediaType === 'video');
    if (video?.media.status === 'ready' && video.media.hlsUri) return video.id;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the demo video was not processed within 60 s');
}

beforeAll(async () => {
  const token = (await runCli({ dataDir, origin }, 'mint-token', '--username', 'grace', '--ttl', '3600'))
    .split('\n')
    .at(-1) as string;
  videoPostId = await readyDemoVideo(token);
  browser = await launchChromium();
  context = await newPhoneContext(browser);
  await context.addInitScript(() => {
    const canPlayType = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
    };
  });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('a video where the browser needs hls.js', () => {
  it('fetches nothing of the stream until played, then plays it over HLS', async () => {
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(`${origin}/p/${videoPostId}`, { waitUntil: 'networkidle' });
    await dismissConsent(page);
    const video = page.locator('main video');
    await video.waitFor();
    const streamed = () => fetched.filter((path) => /\.(m3u8|ts)$/.test(path));
    expect(streamed()).toEqual([]);
    const scriptsBeforePlay = fetched.filter((path) => path.endsWith('.js')).length;

    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      // The player pauses the MP4 the browser began with while hls.js arrives: that interrupts this promise.
      element.play().catch(() => {});
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(0.5);
    expect(fetched.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(scriptsBeforePlay);
    expect(streamed().some((path) => path.endsWith('.m3u8'))).toBe(true);
    expect(streamed().some((path) => path.endsWith('.ts'))).toBe(true);
    // Played through Media Source Extensions, which is how hls.js feeds the element.
    expect(await video.evaluate((element: HTMLVideoElement) => element.currentSrc.startsWith('blob:'))).toBe(true);
    await page.close();
  });
});
