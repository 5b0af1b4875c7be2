import type { Browser, BrowserContext, Page } from 'playwright-core';

/** The demo citizens' password (apps/api/src/seed/demo.ts; DEMO_PASSWORD's default). */
export const DEMO_PASSWORD = 'civitas-demo-password';

export type DemoName = 'alice' | 'bob' | 'carol' | 'dave' | 'erin' | 'frank' | 'grace' | 'heidi';

/** A phone-sized browser context, as most people use the app. */
export const newPhoneContext = (browser: Browser): Promise<BrowserContext> =>
  browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });

/**
 * Signs a demo citizen in the way a person does: the header's sign-in link, the sign-in form, back to the
 * page where it started. Returns on that page, signed in.
 */
export async function signInAs(page: Page, origin: string, name: DemoName, startPath = '/'): Promise<void> {
  await page.goto(`${origin}${startPath}`);
  await page.locator('header.site-header').getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL(/\/sign-in\?interaction=/);
  await page.getByLabel('Username or email address').fill(name);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === startPath.split('?')[0]);
  await page.locator('header.site-header').getByRole('button', { name: 'Sign out' }).waitFor();
}

/** Answers the cookie banner (essential only), so it does not cover what a test looks at. */
export async function dismissConsent(page: Page): Promise<void> {
  const banner = page.getByRole('region', { name: 'Your privacy' });
  if (await banner.isVisible()) await banner.getByRole('button', { name: 'Reject all' }).click();
}
