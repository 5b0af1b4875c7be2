import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './support/browser';
import { dismissConsent } from './support/demo';
import { repoRoot } from './support/paths';

/** docs/product.md §4 "Language choice" beyond the first page: links, unsupported browsers, search engines, Hindi's font. */
const origin = inject('origin');
const DEVANAGARI_FONT = /noto-sans-devanagari-devanagari-\d+-normal\.[\w-]+\.woff2$/;

const message = (locale: string, namespace: string, key: string): string =>
  JSON.parse(readFileSync(join(repoRoot, 'apps/web/messages', locale, `${namespace}.json`), 'utf8'))[key];

const browser = browserPerFile();
let page: Page;

async function freshPage(locale: string): Promise<Page> {
  page = await (await browser.newContext({ locale, extraHTTPHeaders: { 'accept-language': locale } })).newPage();
  return page;
}

const lang = () => page.locator('html').getAttribute('lang');

describe('the interface language', () => {
  it('stays German after ?displayLanguage=de while the reader follows links', async () => {
    await freshPage('en-GB');
    await page.goto(`${origin}/?displayLanguage=de`);
    expect(await lang()).toBe('de');
    await dismissConsent(page);
    await page.locator('main a[href^="/p/"]').first().click();
    await page.waitForURL(/\/p\//);
    await page.locator('main a[href^="/u/"]').first().click();
    await page.waitForURL(/\/u\//);
    expect(new URL(page.url()).search).toBe('');
    expect(await lang()).toBe('de');
    // A whole page load from here, with the English browser, is German too.
    await page.reload();
    expect(await lang()).toBe('de');
    expect(await page.locator('.skip-link').textContent()).toBe(message('de', 'Layout', 'skipToContent'));
  });

  it('shows every main page in German once ?displayLanguage=de was chosen, with no parameter after it', async () => {
    await freshPage('en-GB');
    await page.goto(`${origin}/?displayLanguage=de`);
    const post = await page.locator('main a[href^="/p/"]').first().getAttribute('href');
    const skipLink = message('de', 'Layout', 'skipToContent');
    for (const path of [`${post}`, '/u/alice', '/u/alice/loved', '/hashtags/landscape', '/sign-in', '/sign-up', '/']) {
      await page.goto(`${origin}${path}`);
      expect(await lang(), path).toBe('de');
      expect(await page.locator('.skip-link').textContent(), path).toBe(skipLink);
    }
  });

  it('is French for a browser set to fr-FR', async () => {
    await freshPage('fr-FR');
    await page.goto(`${origin}/`);
    expect(await lang()).toBe('fr');
    expect(await page.locator('.skip-link').textContent()).toBe(message('fr', 'Layout', 'skipToContent'));
  });

  it('is English for a browser in a language the app does not have (pt-BR)', async () => {
    await freshPage('pt-BR');
    await page.goto(`${origin}/`);
    expect(await lang()).toBe('en');
    expect(await page.locator('.skip-link').textContent()).toBe(message('en', 'Layout', 'skipToContent'));
  });

  it('names the same page in every language for search engines (hreflang), the page itself as the default', async () => {
    await freshPage('en-GB');
    await page.goto(`${origin}/`);
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]));
    const base = new URL('/', page.url()).href;
    expect(Object.fromEntries(alternates)).toEqual({
      en: `${base}?displayLanguage=en`,
      de: `${base}?displayLanguage=de`,
      es: `${base}?displayLanguage=es`,
      fr: `${base}?displayLanguage=fr`,
      hi: `${base}?displayLanguage=hi`,
      it: `${base}?displayLanguage=it`,
      'x-default': base,
    });
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(base);
  });
});

describe('Hindi’s font', () => {
  it('is the Devanagari face shipped with the app, downloaded for a page in Hindi', async () => {
    await freshPage('en-GB');
    const fonts: string[] = [];
    page.on('response', (response) => {
      if (DEVANAGARI_FONT.test(new URL(response.url()).pathname)) fonts.push(response.url());
    });
    await page.goto(`${origin}/sign-in?displayLanguage=hi`);
    expect(await lang()).toBe('hi');
    await page.evaluate(() => document.fonts.ready);
    expect(fonts.length).toBeGreaterThan(0);
    // Served by this app, and the face the Hindi text is set in.
    expect(fonts.every((font) => font.startsWith(`${origin}/_next/static/`))).toBe(true);
    const faces = await page.evaluate(() =>
      [...document.fonts].filter((face) => face.family.includes('Civitas Devanagari')).map((face) => face.status),
    );
    expect(faces).toContain('loaded');
  });

  it('is not downloaded for a page in English, even where people wrote in Devanagari', async () => {
    await freshPage('en-GB');
    const fonts: string[] = [];
    page.on('response', (response) => {
      if (DEVANAGARI_FONT.test(new URL(response.url()).pathname)) fonts.push(response.url());
    });
    await page.goto(`${origin}/`);
    expect(await lang()).toBe('en');
    // The demo stage's first page has a Devanagari hashtag, and the language picker names Hindi in Hindi.
    expect(await page.locator('main').textContent()).toMatch(/[\u0900-\u097F]/);
    expect(await page.locator('footer a[lang="hi"]').textContent()).toBe('हिन्दी');
    await page.evaluate(() => document.fonts.ready);
    expect(fonts).toEqual([]);
  });

  it('draws the picker’s "हिन्दी" on an English page in a face that has its letters, not as empty boxes', async () => {
    await freshPage('en-GB');
    await page.goto(`${origin}/`);
    await page.evaluate(() => document.fonts.ready);
    // The faces Chromium drew the link's text in, as it reports them: each must be one with Devanagari (this
    // machine has none of its own, so the 2 KB cut shipped with the app), never a Latin face's missing glyphs.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'footer a[lang="hi"]' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.isCustomFont || /Devanagari|Nirmala|Kohinoor/.test(font.familyName), font.familyName).toBe(true);
    }
  });
});
