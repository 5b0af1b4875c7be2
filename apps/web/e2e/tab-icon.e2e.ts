import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { newPhoneContext } from './support/demo';

/**
 * The tab icon, in real Chromium against the real app: a PNG the browser decodes in microseconds, not an SVG,
 * which the page's renderer would make into a document of its own in the middle of the page's load (ADR 054).
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

describe('the tab icon', () => {
  for (const path of ['/', '/u/alice?displayLanguage=hi']) {
    it(`${path}: is the one 64 px PNG the page names`, async () => {
      const page = await context.newPage();
      await page.goto(`${origin}${path}`);
      const icons = await page
        .locator('link[rel~="icon"]')
        .evaluateAll((links) =>
          links.map((link) => ({ href: link.getAttribute('href'), type: link.getAttribute('type') })),
        );
      expect(icons).toEqual([{ href: '/favicon.png', type: 'image/png' }]);
      const answer = await page.request.get(`${origin}/favicon.png`);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toBe('image/png');
      const drawn = await page.evaluate(async () => {
        const image = new Image();
        image.src = '/favicon.png';
        await image.decode();
        return { width: image.naturalWidth, height: image.naturalHeight };
      });
      expect(drawn).toEqual({ width: 64, height: 64 });
      await page.close();
    });
  }

  it('installs as an app: the page names a manifest whose icons decode at their sizes', async () => {
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const answer = await page.request.get(`${origin}/manifest.webmanifest`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await answer.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Civitas', start_url: '/', display: 'standalone' });
    expect(new Set(manifest.icons.map((icon) => icon.purpose))).toEqual(new Set(['any', 'maskable']));
    for (const icon of manifest.icons) {
      const drawn = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }, icon.src);
      expect(drawn, icon.src).toBe(icon.sizes);
    }
    await page.close();
  });
});
