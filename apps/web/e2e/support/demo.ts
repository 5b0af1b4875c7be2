import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_COOKIE } from '@civitas/contract/routes-table';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cookieJar } from './pages';
import { repoRoot } from './paths';

/** The demo citizens' password (apps/api/src/seed/demo.ts; DEMO_PASSWORD's default). */
export const DEMO_PASSWORD = 'civitas-demo-password';

export type DemoName = 'alice' | 'bob' | 'carol' | 'dave' | 'erin' | 'frank' | 'grace' | 'heidi';

/** A phone-sized browser context, as most people use the app. */
export const newPhoneContext = (browser: Browser): Promise<BrowserContext> =>
  browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });

/** A page in a fresh phone-sized context, added to `contexts` for the journey to close when it ends. */
export async function phonePage(browser: Browser, contexts: BrowserContext[]): Promise<Page> {
  const context = await newPhoneContext(browser);
  contexts.push(context);
  return context.newPage();
}

/** A phone-sized browser of its own (added to `contexts`) for a demo citizen, signed in, at `path`, consent answered. */
export async function citizenPhoneAt(
  browser: Browser,
  contexts: BrowserContext[],
  origin: string,
  name: DemoName,
  path: string,
): Promise<Page> {
  const page = await phonePage(browser, contexts);
  await signInAs(page, origin, name, '/');
  await page.goto(`${origin}${path}`);
  await dismissConsent(page);
  return page;
}

/** Makes the browser remember `language`, as a pick from the footer's language links would. */
export async function chooseLanguage(context: BrowserContext, origin: string, language: string): Promise<void> {
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: origin, httpOnly: true, sameSite: 'Lax' }]);
}

/**
 * Signs a demo citizen in the way a person does: the header's sign-in link, the sign-in form, back to the
 * page where it started. Returns on that page, signed in. The journeys read English pages, and a browser that
 * has chosen no language takes the citizen's own at sign-in (carol's German; ADR 003), so unless it chose one
 * already, this browser has chosen English.
 */
export async function signInAs(page: Page, origin: string, name: DemoName, startPath = '/'): Promise<void> {
  if (!(await cookieJar(page.context())).has(LANGUAGE_COOKIE)) await chooseLanguage(page.context(), origin, 'en');
  await signInWithForm(page, origin, name, startPath);
}

/** The sign-in itself, with whatever language the browser has (or has not) chosen. */
export async function signInWithForm(page: Page, origin: string, name: DemoName, startPath = '/'): Promise<void> {
  await page.goto(`${origin}${startPath}`);
  await page.locator('header.site-header').getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL(/\/sign-in\?interaction=/);
  await page.getByLabel('Username or email address').fill(name);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === startPath.split('?')[0]);
  await accountMenuButton(page).waitFor();
}

/** The header's account menu button (my picture), on a signed-in page. */
export const accountMenuButton = (page: Page) => page.locator('header.site-header button[popovertarget]');

/** Whether the account menu's popup is open (the platform's popover, ADR 063). */
export const accountMenuOpen = (page: Page): Promise<boolean> =>
  page.locator('header.site-header [popover]').evaluate((popup) => popup.matches(':popover-open'));

/**
 * Signs out the way a person does: the account menu, then its "Sign out" (in the page's language: sign-in may
 * land on the citizen's own, ADR 003). Opens the menu first when it is closed, so a journey can sign out twice.
 */
export async function signOutFromMenu(page: Page): Promise<void> {
  if (!(await accountMenuOpen(page))) await accountMenuButton(page).click();
  const signOut = signOutLabel((await page.locator('html').getAttribute('lang')) ?? 'en');
  await page.locator('header.site-header').getByRole('button', { name: signOut }).click();
}

function signOutLabel(language: string): string {
  const messages = JSON.parse(readFileSync(join(repoRoot, 'apps/web/messages', language, 'Auth.json'), 'utf8'));
  return messages.nav.signOut as string;
}

/** Answers the cookie banner (essential only), so it does not cover what a test looks at. */
export async function dismissConsent(page: Page): Promise<void> {
  const banner = page.getByRole('region', { name: 'Your privacy' });
  if (await banner.isVisible()) await banner.getByRole('button', { name: 'Reject all' }).click();
}
