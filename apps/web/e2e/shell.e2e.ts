import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { accountMenuButton, accountMenuOpen, dismissConsent, newPhoneContext, signInAs } from './support/demo';
import { cookieJar, expectAccessible, holdRequests, screenshot, waitForHydration } from './support/pages';
import { repoRoot } from './support/paths';

/** What every page of the wrapper shares: consent, language, layout, progress bar, back button, skip link. */
const origin = inject('origin');
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** A message as the app's own files say it, so the test follows the translators. */
function message(locale: string, namespace: string, key: string): string {
  const messages = JSON.parse(readFileSync(join(repoRoot, 'apps/web/messages', locale, `${namespace}.json`), 'utf8'));
  const text = key.split('.').reduce((node, part) => node?.[part], messages);
  if (typeof text !== 'string') throw new Error(`messages/${locale}/${namespace}.json has no ${key}`);
  return text;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});
afterEach(async () => {
  await context?.close();
});
afterAll(async () => {
  await browser?.close();
});

async function freshPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB', ...options });
  page = await context.newPage();
  return page;
}

const banner = () => page.getByRole('region', { name: 'Your privacy' });

/**
 * Answers the banner and waits until it is gone: only the hydrated page can remove it, so after this a link
 * click is a client navigation, not a full page load.
 */
async function dismissConsentWhenHydrated(): Promise<void> {
  await banner().waitFor();
  // A click before hydration does nothing: wait for React to own the banner's buttons.
  await waitForHydration(page, 'section:has([data-consent-heading]) button[aria-controls]');
  await banner().getByRole('button', { name: 'Reject all' }).click();
  await banner().waitFor({ state: 'detached' });
}
const stageHeading = () => page.locator('main h1');

describe('the consent banner', () => {
  for (const [choice, stored] of [
    ['Reject all', 'v1.e0.a0'],
    ['Accept all', 'v1.e1.a1'],
  ] as const) {
    it(`shows on a first visit; "${choice}" hides it for good and stores ${stored} for a year`, async () => {
      await freshPage();
      await page.goto(`${origin}/`);
      await banner().waitFor();
      if (choice === 'Reject all') {
        await screenshot(page, 'consent-banner');
        await expectAccessible(page, 'a first visit, with the consent banner open');
      }
      await banner().getByRole('button', { name: choice }).click();
      await banner().waitFor({ state: 'detached' });

      const cookie = (await cookieJar(context)).get('civitas_consent');
      expect(cookie?.value).toBe(stored);
      expect(cookie?.httpOnly).toBe(false);
      // Persistent, not a session cookie: it expires about a year from now.
      const lifetime = (cookie?.expires ?? -1) - Date.now() / 1000;
      expect(lifetime).toBeGreaterThan(YEAR_SECONDS - 3600);
      expect(lifetime).toBeLessThanOrEqual(YEAR_SECONDS + 60);
      expect(await page.evaluate(() => document.cookie)).toContain(`civitas_consent=${stored}`);

      await page.reload();
      await stageHeading().waitFor();
      expect(await banner().count()).toBe(0);
      // The server renders no banner at all once answered, so it never flashes on load.
      const html = await (
        await fetch(`${origin}/`, { headers: { cookie: `civitas_consent=${stored}`, 'accept-language': 'en' } })
      ).text();
      expect(html).not.toContain('consent-heading');
    });
  }
});

describe('the consent banner over the page', () => {
  it('stays on screen while the page scrolls, and covers nothing of the footer scrolled to the end', async () => {
    await freshPage();
    await page.goto(`${origin}/`);
    await banner().waitFor();
    const onScreen = async () => {
      const box = await banner().boundingBox();
      return Math.round((box?.y ?? 0) + (box?.height ?? 0));
    };
    // Above the phone's tab bar (56 px), which stays in reach (ADR 063).
    expect(await onScreen()).toBe(844 - 56);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await onScreen()).toBe(844 - 56);
    for (const control of [
      page.getByRole('contentinfo').getByRole('button', { name: 'Privacy settings' }),
      page.getByRole('contentinfo').getByRole('link', { name: 'Italiano' }),
    ]) {
      await control.scrollIntoViewIfNeeded();
      const box = await control.boundingBox();
      const reached = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x as number, y as number)?.closest('footer') !== null,
        [(box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2],
      );
      expect(reached).toBe(true);
    }
  });
});

describe('consent per service, and changing it later', () => {
  it('takes one service alone with nothing ticked beforehand, and reopens from the footer to withdraw', async () => {
    await freshPage();
    await page.goto(`${origin}/`);
    await banner().waitFor();
    // A click before hydration does nothing: wait for React to own the banner's buttons.
    await waitForHydration(page, 'section button[aria-controls]');
    await banner().getByRole('button', { name: 'Choose services' }).click();
    const errorReporting = banner().getByRole('checkbox', { name: 'Error reporting' });
    const analytics = banner().getByRole('checkbox', { name: 'Analytics' });
    expect([await errorReporting.isChecked(), await analytics.isChecked()]).toEqual([false, false]);
    // Keyboard only: to the analytics box, tick it, then to "Save my choices".
    await analytics.focus();
    await page.keyboard.press('Space');
    await banner().getByRole('button', { name: 'Save my choices' }).focus();
    await page.keyboard.press('Enter');
    await banner().waitFor({ state: 'detached' });
    expect((await cookieJar(context)).get('civitas_consent')?.value).toBe('v1.e0.a1');
    // The keyboard is not dropped at the top of the document: it goes on from the page's content.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

    const privacySettings = page.getByRole('contentinfo').getByRole('button', { name: 'Privacy settings' });
    await privacySettings.focus();
    await page.keyboard.press('Enter');
    await banner().waitFor();
    // Focus moves to the banner's heading once it has rendered, which a slow machine may see a moment later.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Your privacy');
    expect(await banner().getByRole('checkbox', { name: 'Analytics' }).isChecked()).toBe(true);
    await expectAccessible(page, 'the consent banner reopened');
    await banner().getByRole('button', { name: 'Reject all' }).focus();
    await page.keyboard.press('Enter');
    await banner().waitFor({ state: 'detached' });
    expect((await cookieJar(context)).get('civitas_consent')?.value).toBe('v1.e0.a0');
    // Back on the button that opened it.
    await expect.poll(() => privacySettings.evaluate((button) => button === document.activeElement)).toBe(true);
  });
});

describe('the interface language', () => {
  it('follows ?displayLanguage=de over the browser’s English', async () => {
    await freshPage();
    await page.goto(`${origin}/?displayLanguage=de`);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    const heading = message('de', 'Feed', 'stageHeading');
    expect(heading).not.toBe(message('en', 'Feed', 'stageHeading'));
    expect(await stageHeading().textContent()).toBe(heading);
    expect(await page.locator('.skip-link').textContent()).toBe(message('de', 'Layout', 'skipToContent'));
    await expect.poll(() => banner().count()).toBe(0);
    expect(await page.getByRole('region', { name: message('de', 'Shell', 'consent.heading') }).count()).toBe(1);
  });

  it('remembers a language chosen with ?displayLanguage= on the next pages, and switches from the footer', async () => {
    await freshPage();
    await page.goto(`${origin}/?displayLanguage=it`);
    expect(await page.locator('html').getAttribute('lang')).toBe('it');
    // A plain next visit, with no parameter and an English browser: still Italian.
    await page.goto(`${origin}/hashtags/landscape`);
    expect(await page.locator('html').getAttribute('lang')).toBe('it');
    // The banner sits over the footer until answered. A click before hydration would be replayed by React once it
    // hydrates, possibly in the middle of the language link's page load (seen in CI): answer it hydrated, and wait
    // for it to go.
    const consent = page.getByRole('region', { name: message('it', 'Shell', 'consent.heading') });
    await consent.waitFor();
    await waitForHydration(page, 'section:has([data-consent-heading]) button[aria-controls]');
    await consent.getByRole('button', { name: message('it', 'Shell', 'consent.rejectAll') }).click();
    await consent.waitFor({ state: 'detached' });
    const languages = page.getByRole('navigation', { name: message('it', 'Shell', 'languages') });
    expect(await languages.getByRole('link', { name: 'Italiano' }).getAttribute('aria-current')).toBe('true');
    await languages.getByRole('link', { name: 'Español' }).click();
    // The new document is what is checked, not its pictures: no wait for every subresource's load.
    await page.waitForURL(/displayLanguage=es$/, { waitUntil: 'domcontentloaded' });
    expect(new URL(page.url()).pathname).toBe('/hashtags/landscape');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.goto(`${origin}/`);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await stageHeading().textContent()).toBe(message('es', 'Feed', 'stageHeading'));
    const remembered = (await cookieJar(page.context())).get('civitas_language');
    expect(remembered).toMatchObject({ value: 'es', httpOnly: true, sameSite: 'Lax' });
    expect((remembered?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  });

  it('switches the page reached by a client-side navigation, not the page first loaded', async () => {
    await freshPage();
    await page.goto(`${origin}/`);
    const consent = page.getByRole('region', { name: message('en', 'Shell', 'consent.heading') });
    await waitForHydration(page, 'section:has([data-consent-heading]) button[aria-controls]');
    await consent.getByRole('button', { name: 'Reject all' }).click();
    await consent.waitFor({ state: 'detached' });
    // A hashtag in a caption is a client-side link: the footer stays the one the server rendered for "/".
    const hashtag = page.locator('main article a[href^="/hashtags/"]').first();
    const tagPath = await hashtag.getAttribute('href');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await hashtag.click();
    await page.waitForURL((url) => url.pathname === tagPath);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    const languages = page.getByRole('navigation', { name: message('en', 'Shell', 'languages') });
    await languages.getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL(/displayLanguage=de$/, { waitUntil: 'domcontentloaded' });
    expect(new URL(page.url()).pathname).toBe(tagPath);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
  });

  it('follows Accept-Language: fr when the URL does not choose', async () => {
    await freshPage({ locale: 'fr', extraHTTPHeaders: { 'accept-language': 'fr' } });
    await page.goto(`${origin}/`);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await stageHeading().textContent()).toBe(message('fr', 'Feed', 'stageHeading'));
    expect(await page.locator('.skip-link').textContent()).toBe(message('fr', 'Layout', 'skipToContent'));
  });
});

describe('the page layout', () => {
  it('is one centred column of at most 500 px on a tablet', async () => {
    await freshPage({ viewport: { width: 768, height: 1024 } });
    await page.goto(`${origin}/`);
    const column = await page.locator('.page').boundingBox();
    expect(column?.width).toBeLessThanOrEqual(500);
    expect(column?.width).toBeGreaterThan(400);
    expect(Math.abs((column?.x ?? 0) + (column?.width ?? 0) / 2 - 768 / 2)).toBeLessThanOrEqual(1);
  });

  it('keeps 16 px either side of the content on a 390 px phone', async () => {
    await freshPage();
    await page.goto(`${origin}/`);
    const content = await page.locator('main').boundingBox();
    expect(content?.x).toBe(16);
    expect((content?.x ?? 0) + (content?.width ?? 0)).toBe(390 - 16);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  });

  it('fits a signed-in header and tab bar on a 320 px phone in every language: nothing scrolls sideways', async () => {
    await freshPage({ viewport: { width: 320, height: 700 } });
    await signInAs(page, origin, 'bob');
    for (const language of ['en', 'de', 'es', 'fr', 'hi', 'it']) {
      await page.goto(`${origin}/?displayLanguage=${language}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), language).toBe(320);
      const rightmost = await page.evaluate(() =>
        Math.max(
          ...[...document.querySelectorAll('header.site-header > :not(nav) :is(a, button)')].map(
            (control) => control.getBoundingClientRect().right,
          ),
        ),
      );
      expect(rightmost, language).toBeLessThanOrEqual(320 - 16);
    }
  });
});

describe('navigation', () => {
  it('runs the top progress bar from 80 % during a client navigation, without a spinner, and clears it', async () => {
    await freshPage();
    await page.goto(`${origin}/sign-up`);
    await dismissConsentWhenHydrated();
    const bar = page.locator('.navigation-progress');
    expect(await bar.evaluate((element) => getComputedStyle(element).opacity)).toBe('0');
    // Next's client navigation fetches the page's RSC payload; holding it back keeps the navigation visibly busy.
    const held = await holdRequests(page, /[?&]_rsc=/);
    await page.locator('header.site-header').getByRole('link', { name: 'Civitas' }).click();
    await held.arrived;
    await page.waitForSelector('html[data-navigating]');
    // Shown, and at least 0.8 of the window's width from its start (its transform's horizontal scale).
    const shown = await bar.evaluate((element) => ({
      opacity: getComputedStyle(element).opacity,
      scale: new DOMMatrix(getComputedStyle(element).transform).a,
    }));
    expect(shown.opacity).toBe('1');
    expect(shown.scale).toBeGreaterThanOrEqual(0.8);
    expect(shown.scale).toBeLessThan(1);
    expect(await bar.getAttribute('aria-hidden')).toBe('true');
    await expectAccessible(page, 'a page with the progress bar running');
    held.release();
    await page.waitForURL(`${origin}/`);
    await stageHeading().waitFor();
    await page.waitForSelector('html:not([data-navigating])');
    // The fade-out lasts 1.1 s (a 200 ms delay, then 900 ms), longer than expect.poll's default of one second.
    await expect.poll(() => bar.evaluate((element) => getComputedStyle(element).opacity), { timeout: 5_000 }).toBe('0');
  });

  it('goes back to the previous page with the back button', async () => {
    // Not from "/", which is also where the button goes when there is nothing to go back to.
    await freshPage();
    await page.goto(`${origin}/u/alice`);
    await dismissConsentWhenHydrated();
    const postLink = page.locator('main a[href^="/p/"]').first();
    const postPath = await postLink.getAttribute('href');
    await postLink.click();
    await page.waitForURL(`${origin}${postPath}`);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${origin}/u/alice`);
  });

  it('goes back to the previous page after a link the page could not yet handle (a whole page load)', async () => {
    await freshPage();
    await page.goto(`${origin}/u/alice`);
    const postPath = await page.locator('main a[href^="/p/"]').first().getAttribute('href');
    // As a tap before hydration does: the browser loads the post page whole, with the profile as its referrer.
    await page.evaluate((path) => window.location.assign(path), postPath ?? '/');
    await page.waitForURL(`${origin}${postPath}`);
    await dismissConsentWhenHydrated();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${origin}/u/alice`);
  });

  it('goes to "/" from the back button of a page opened first (a shared link)', async () => {
    await freshPage();
    await page.goto(`${origin}/`);
    const postPath = await page.locator('main article a[href^="/p/"]').first().getAttribute('href');
    // A new tab: the post is the first page of its history.
    page = await context.newPage();
    await page.goto(`${origin}${postPath}`);
    await dismissConsentWhenHydrated();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${origin}/`);
    await stageHeading().waitFor();
  });

  it('lets the keyboard skip to the main content first', async () => {
    await freshPage();
    await page.goto(`${origin}/`);
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({
      text: document.activeElement?.textContent,
      href: document.activeElement?.getAttribute('href'),
    }));
    expect(focused).toEqual({ text: 'Skip to main content', href: '#main' });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
  });
});

describe('a phone-sized first visit', () => {
  it('fits the wrapper and its banner on the screen', async () => {
    context = await newPhoneContext(browser);
    page = await context.newPage();
    await page.goto(`${origin}/`);
    const box = await banner().boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(844 + 1);
  });
});

/** The shell of ADR 063: a one-row header, a tab bar or a rail, the theme, the account menu. */
describe('the shell', () => {
  it('has a one-row header of at most 56 px and a tab bar on a phone; the content ends above the bar', async () => {
    await freshPage();
    await signInAs(page, origin, 'bob');
    const header = await page.locator('header.site-header').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(56);
    // One row: the product's name and the account button share a line.
    const name = await page.locator('.product-name').boundingBox();
    const account = await accountMenuButton(page).boundingBox();
    expect(
      Math.abs((name?.y ?? 0) + (name?.height ?? 0) / 2 - ((account?.y ?? 0) + (account?.height ?? 0) / 2)),
    ).toBeLessThanOrEqual(2);
    const bar = page.getByRole('navigation', { name: 'Main navigation' });
    const box = await bar.boundingBox();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
    expect(box?.width).toBe(390);
    for (const tab of ['Main stage', 'Search', 'People', 'New post', 'Notifications', 'My profile']) {
      expect(await bar.getByRole('link', { name: tab }).isVisible(), tab).toBe(true);
    }
    expect(await bar.getByRole('link', { name: 'Main stage' }).getAttribute('aria-current')).toBe('page');
    // Scrolled to the end, the footer's last line is above the bar, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = await page.locator('footer.site-footer').boundingBox();
    expect((footer?.y ?? 0) + (footer?.height ?? 0)).toBeLessThanOrEqual(box?.y ?? 0);
    await expectAccessible(page, 'the shell of a signed-in phone');
  });

  it('puts the same navigation in a rail beside the column at 1280 px, with no tab bar', async () => {
    await freshPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${origin}/`);
    const nav = await page.getByRole('navigation', { name: 'Main navigation' }).boundingBox();
    const column = await page.locator('.page').boundingBox();
    expect((nav?.x ?? 0) + (nav?.width ?? 0)).toBeLessThanOrEqual(column?.x ?? 0);
    expect(nav?.y).toBeLessThan(100);
    expect(column?.width).toBe(500);
    // A guest's sign-in is the header's own here, shown once.
    expect(await page.locator('header.site-header').getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(
      1,
    );
    expect(await page.locator('header.site-header .header-sign-in').isVisible()).toBe(true);
  });

  it('remembers the theme chosen in the footer across a reload and renders it on <html>', async () => {
    await freshPage({ colorScheme: 'light' });
    await page.goto(`${origin}/`);
    await dismissConsentWhenHydrated();
    expect(await page.locator('html').getAttribute('data-theme')).toBeNull();
    const themes = page.getByRole('navigation', { name: 'Theme' });
    await themes.getByRole('link', { name: 'Dark' }).click();
    await page.waitForURL(/theme=dark$/, { waitUntil: 'domcontentloaded' });
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    // The tokens follow: the page's surface is the dark one although the system prefers light.
    const surface = () =>
      page.evaluate(() => getComputedStyle(document.querySelector('.page') as Element).backgroundColor);
    expect(await surface()).toBe('rgb(17, 17, 20)');
    await page.goto(`${origin}/hashtags/landscape`);
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.reload();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect((await cookieJar(context)).get('civitas_theme')).toMatchObject({ value: 'dark', httpOnly: true });
    await expectAccessible(page, 'a page in the dark theme');
    // "System" forgets the choice.
    await page.getByRole('navigation', { name: 'Theme' }).getByRole('link', { name: 'System' }).click();
    await page.waitForURL(/theme=system$/, { waitUntil: 'domcontentloaded' });
    expect(await page.locator('html').getAttribute('data-theme')).toBeNull();
    expect(await surface()).toBe('rgb(255, 255, 255)');
    expect((await cookieJar(context)).has('civitas_theme')).toBe(false);
  });

  it('opens and closes the account menu with the keyboard, giving the focus back', async () => {
    await freshPage();
    await signInAs(page, origin, 'bob');
    await dismissConsent(page);
    const button = accountMenuButton(page);
    await waitForHydration(page, 'header.site-header button[popovertarget]');
    expect(await accountMenuOpen(page)).toBe(false);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => accountMenuOpen(page)).toBe(true);
    // The browser tells assistive technology that the button's popup is expanded (its own accessibility tree).
    expect(await expandedInAccessibilityTree(page, 'Signed in as bob')).toBe(true);
    // Tab goes from the button into the popup, through its links in order.
    const menu = page.getByRole('navigation', { name: 'Signed in as bob' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('My profile');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Edit profile');
    expect(await menu.getByRole('link', { name: 'System' }).getAttribute('aria-current')).toBe('true');
    expect(await menu.getByRole('link', { name: 'Dark' }).getAttribute('aria-current')).toBeNull();
    // Under its button, inside the window.
    const [buttonBox, popupBox] = await Promise.all([
      button.boundingBox(),
      page.locator('header.site-header [popover]').boundingBox(),
    ]);
    expect(popupBox?.y).toBeGreaterThanOrEqual((buttonBox?.y ?? 0) + (buttonBox?.height ?? 0));
    expect((popupBox?.x ?? -1) + (popupBox?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(popupBox?.x).toBeGreaterThanOrEqual(0);
    await expectAccessible(page, 'the account menu open');
    await page.keyboard.press('Escape');
    await expect.poll(() => accountMenuOpen(page)).toBe(false);
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  /** The `expanded` state Chromium's accessibility tree gives the button named `name` (DevTools protocol). */
  async function expandedInAccessibilityTree(page: Page, name: string): Promise<boolean | undefined> {
    const session = await page.context().newCDPSession(page);
    const { nodes } = (await session.send('Accessibility.getFullAXTree')) as {
      nodes: {
        role?: { value: string };
        name?: { value: string };
        properties?: { name: string; value: { value: unknown } }[];
      }[];
    };
    await session.detach();
    const button = nodes.find((node) => node.role?.value === 'button' && node.name?.value === name);
    return button?.properties?.find((property) => property.name === 'expanded')?.value.value as boolean | undefined;
  }

  it('closes the account menu when one of its links is followed', async () => {
    await freshPage();
    await signInAs(page, origin, 'bob');
    await dismissConsent(page);
    await waitForHydration(page, 'header.site-header button[popovertarget]');
    await accountMenuButton(page).click();
    await page.getByRole('navigation', { name: 'Signed in as bob' }).getByRole('link', { name: 'My profile' }).click();
    await page.waitForURL(`${origin}/me`);
    await expect.poll(() => accountMenuOpen(page)).toBe(false);
  });
});

describe('the consent banner on a phone', () => {
  it('takes at most a quarter of a 390×844 screen in every language, its two answers the same size', async () => {
    await freshPage();
    for (const language of ['en', 'de', 'es', 'fr', 'hi', 'it']) {
      await page.goto(`${origin}/?displayLanguage=${language}`);
      const region = page.getByRole('region', { name: message(language, 'Shell', 'consent.heading') });
      const box = await region.boundingBox();
      expect(box?.height, language).toBeLessThanOrEqual(844 / 4);
      const accept = await region
        .getByRole('button', { name: message(language, 'Shell', 'consent.acceptAll') })
        .boundingBox();
      const reject = await region
        .getByRole('button', { name: message(language, 'Shell', 'consent.rejectAll') })
        .boundingBox();
      expect([accept?.width, accept?.height], language).toEqual([reject?.width, reject?.height]);
    }
  });
});
