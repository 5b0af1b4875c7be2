import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { artifactsDir } from './paths';

/** The newest 6-digit code mailed to `email`, read from the development mailbox page as a person would. */
export async function codeFromMailbox(context: BrowserContext, origin: string, email: string): Promise<string> {
  const mailbox = await context.newPage();
  try {
    await mailbox.goto(`${origin}/dev/mailbox?to=${encodeURIComponent(email)}`);
    const newest = mailbox.locator('section pre').first();
    const code = /\b(\d{6})\b/.exec((await newest.textContent()) ?? '')?.[1];
    if (!code) throw new Error(`no code in the newest mail to ${email}`);
    return code;
  } finally {
    await mailbox.close();
  }
}

/** Follows the link in the newest mail to `email` from the development mailbox, as a person would; its address. */
export async function followLinkFromMailbox(page: Page, origin: string, email: string): Promise<string> {
  await page.goto(`${origin}/dev/mailbox?to=${encodeURIComponent(email)}`);
  const link = page.locator('section pre a').first();
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`no link in the newest mail to ${email}`);
  await link.click();
  await page.waitForURL(href);
  return href;
}

/** The widths every main screen is captured at: a phone and a tablet (issue: screenshots at 390 and 768 px). */
export const SCREENSHOT_WIDTHS = [390, 768] as const;

/**
 * Screenshots at phone and tablet width kept as test artifacts (apps/web/e2e/artifacts, not committed); the
 * page is left at its original size.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  const original = page.viewportSize();
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: original?.height ?? 844 });
    await page.screenshot({ path: join(artifactsDir, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * axe-core on the page as it is: no serious or critical violations. With WCAG 2.2's least target size (24 px),
 * which axe leaves out by default and Lighthouse's accessibility score counts; a target that fails it only
 * because it lies partly under the fixed tab bar or header where the window happens to end is not counted
 * (scrolling uncovers it: its own size and spacing are what the rule is about).
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  const severe = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ ...violation, nodes: violation.nodes.filter((node) => !onlyObscured(node)) }))
    .filter((violation) => violation.nodes.length > 0)
    .map(
      (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
  expect(severe, `${name}: accessibility violations`).toEqual([]);
}

/** A target-size failure that comes from another element lying over the target, not from its size or spacing. */
const onlyObscured = (node: { any: { message: string }[]; all: unknown[]; none: unknown[] }): boolean =>
  node.any.length > 0 && node.any.some((check) => /obscured/i.test(check.message));

/** The browser's cookies by name (httpOnly ones included: this is the browser's view, not the page's). */
export async function cookieJar(context: BrowserContext) {
  return new Map((await context.cookies()).map((cookie) => [cookie.name, cookie]));
}

/** Whether React has hydrated the element `selector` finds: it then carries React's own properties. */
const hydratedIn = (selector: string): boolean => {
  const element = document.querySelector(selector);
  return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps'));
};

export const isHydrated = (page: Page, selector: string): Promise<boolean> => page.evaluate(hydratedIn, selector);

/**
 * Waits until React has hydrated the element `selector` finds: a click that lands earlier is held and only
 * replayed once hydration reaches it (ADR 030), so "at once" can't be judged before.
 */
export async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(hydratedIn, selector, { timeout: 30_000 });
}

/**
 * Holds the page's requests to `pattern` until `release` is called; from then on they pass at once. `arrived`
 * settles when the first of them comes. The route stays: taken away while a held request was still being let
 * go, that request counted as handled twice (Playwright's "Route is already handled!").
 */
export async function holdRequests(
  page: Page,
  pattern: string | RegExp,
): Promise<{ release: () => void; arrived: Promise<void> }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let came: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    came = resolve;
  });
  await page.route(pattern, async (route) => {
    came();
    await held;
    await route.continue().catch(() => undefined); // the page may have gone on meanwhile
  });
  return { release, arrived };
}

/**
 * Deletes a post the journey published (its page's path; by default the page's own) through the page's session,
 * so that the journeys after it read the demo world as written (a profile's counts, its lists). The server must
 * confirm (204).
 */
export async function deletePublishedPost(page: Page, postPath = new URL(page.url()).pathname): Promise<void> {
  const postId = /^\/p\/([0-9a-f-]{36})$/.exec(postPath)?.[1];
  expect(postId, `a post's path, not ${postPath}`).toBeTruthy();
  const status = await page.evaluate(
    async (id) =>
      (
        await fetch(`/api/users/creators-content/${id}`, {
          method: 'DELETE',
          credentials: 'same-origin',
          headers: { 'x-api-version': '3.0' },
        })
      ).status,
    postId,
  );
  expect(status).toBe(204);
}

/**
 * The page at a phone's and a laptop's width, light and dark, kept as test artifacts to look at (not committed):
 * `<name>-<width>-<scheme>.png`. The viewport and the light scheme are put back afterwards.
 */
export async function themedScreenshots(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  const original = page.viewportSize();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: join(artifactsDir, `${name}-${width}-${scheme}.png`), ...options });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (original) await page.setViewportSize(original);
}
