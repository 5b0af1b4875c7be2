import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { signOutFromMenu } from './support/demo';
import { codeFromMailbox, cookieJar, followLinkFromMailbox, waitForHydration } from './support/pages';

const origin = inject('origin');
const PASSWORD = 'a long enough password';
const NEW_PASSWORD = 'another long enough password';
const suffix = randomBytes(3).toString('hex');
const person = { username: `ana_${suffix}`, email: `ana.${suffix}@example.org`, displayName: 'Ana Example' };

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every URL the browser asked for, to prove no token ever travels in one. */
const visited: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
  context.on('request', (request) => visited.push(request.url()));
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

// The signed-in corner is an island of its own (ADR 023): a loaded machine may draw it a while after the page's load,
// so every read of it polls.
const header = () => page.locator('header.site-header');
// Next's route announcer is an alert of its own, outside <main>.
const main = () => page.locator('main');
const startPage = () => `/dev/mailbox?to=${encodeURIComponent(person.email)}`;

async function signInFromHeader(password: string) {
  await page.goto(`${origin}${startPage()}`);
  await header().getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL(/\/sign-in\?interaction=/);
  await page.getByLabel('Username or email address').fill(person.username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('a person in a real browser', () => {
  it('creates an account and confirms the address with the code from the outbox', async () => {
    await page.goto(`${origin}/sign-up`);
    await page.getByLabel('Email address').fill(person.email);
    await page.getByLabel('Username').fill(person.username);
    await page.getByLabel('Display name').fill(person.displayName);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Country').selectOption('DE');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/verify-email\?influencerId=[0-9a-f-]{36}$/);

    await page.getByLabel('6-digit code').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => main().getByRole('alert').textContent()).toContain('That code is wrong or has expired');

    await page.getByLabel('6-digit code').fill(await codeFromMailbox(context, origin, person.email));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => main().getByRole('status').textContent()).toContain('Your email address is confirmed');
  });

  it('is told plainly when the password is wrong', async () => {
    await signInFromHeader('not the password at all');
    const alert = main().getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('That username or email address and password do not match');
    expect(page.url()).toContain('/sign-in?interaction=');
  });

  it('signs in and lands back on the page where signing in started', async () => {
    await signInFromHeader(PASSWORD);
    await page.waitForURL(`${origin}${startPage()}`);
    // The address changes as the app moves there; the header's signed-in corner follows once its chunk is in.
    await expect.poll(() => header().textContent()).toContain(`Signed in as ${person.username}`);
    expect(await header().getByRole('link', { name: 'Sign in' }).count()).toBe(0);
  });

  it('goes to the stage, not to a spent sign-in form, on Back; so do the sign-in and sign-up pages typed in', async () => {
    await page.goBack();
    await page.waitForURL(`${origin}/`);
    // The corner is an island of its own (ADR 023): drawn once its chunk has run, as after the sign-in above.
    await expect.poll(() => header().textContent(), { timeout: 5_000 }).toContain(`Signed in as ${person.username}`);
    await page.goForward().catch(() => undefined);
    for (const path of ['/sign-in', '/sign-up']) {
      await page.goto(`${origin}${path}`);
      await page.waitForURL(`${origin}/`);
    }
    await page.goto(`${origin}${startPage()}`);
  });

  it('keeps every token out of page scripts and URLs', async () => {
    const jar = await cookieJar(context);
    const token = jar.get('civitas_citizen_token');
    const refresh = jar.get('civitas_refresh_token');
    expect(token?.httpOnly).toBe(true);
    expect(refresh?.httpOnly).toBe(true);
    expect(refresh?.sameSite).toBe('Strict');
    const scriptCookies = await page.evaluate(() => document.cookie);
    expect(scriptCookies).toContain(`civitas_username=${person.username}`);
    for (const secret of [token?.value, refresh?.value]) {
      expect(secret).toBeTruthy();
      expect(scriptCookies).not.toContain(secret);
    }
    expect(scriptCookies).not.toMatch(/civitas_(citizen|refresh|guest)_token|pkce|oauth_state/);
  });

  it('stays signed in across a reload, renewing the expiring token on the server', async () => {
    // The server runs with 60 s access tokens, so with the 180 s margin every render counts them as expiring.
    const before = await cookieJar(context);
    await page.reload();
    await expect.poll(() => header().textContent(), { timeout: 10_000 }).toContain(`Signed in as ${person.username}`);
    const after = await cookieJar(context);
    expect(after.get('civitas_refresh_token')?.value).not.toBe(before.get('civitas_refresh_token')?.value);
    expect(after.get('civitas_citizen_token')?.value).not.toBe(before.get('civitas_citizen_token')?.value);
    expect(Number(after.get('civitas_session_expires')?.value)).toBeGreaterThanOrEqual(
      Number(before.get('civitas_session_expires')?.value),
    );
  });

  it('shares one renewal between page requests that arrive together', async () => {
    // Rotating refresh tokens: were each request to refresh on its own, all but one would present a spent
    // token, which revokes the whole sign-in.
    const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
    const responses = await Promise.all(
      [1, 2, 3].map(() => fetch(`${origin}/`, { headers: { cookie, 'accept-language': 'en' } })),
    );
    const renewed = responses.map((response) =>
      response.headers.getSetCookie().find((header) => header.startsWith('civitas_refresh_token=')),
    );
    for (const response of responses) expect(await response.text()).toContain(`Signed in as ${person.username}`);
    expect(renewed[0]).toBeTruthy();
    expect(new Set(renewed).size).toBe(1);
    // The browser, still holding the token those requests presented, gets the same renewal and stays signed in.
    await page.reload();
    await expect.poll(() => header().textContent(), { timeout: 10_000 }).toContain(`Signed in as ${person.username}`);
  });

  it('is renewed silently when the browser has already dropped the expired token', async () => {
    await context.clearCookies({ name: 'civitas_citizen_token' });
    const spent = (await cookieJar(context)).get('civitas_refresh_token')?.value;
    await page.goto(`${origin}/`);
    await expect.poll(() => header().textContent(), { timeout: 10_000 }).toContain(`Signed in as ${person.username}`);
    const jar = await cookieJar(context);
    expect(jar.get('civitas_citizen_token')?.value).toBeTruthy();
    expect(jar.get('civitas_refresh_token')?.value).not.toBe(spent);
  });

  it('signs out onto "/" as a guest, and the sign-in cannot be renewed any more', async () => {
    const refresh = (await cookieJar(context)).get('civitas_refresh_token')?.value;
    await page.goto(`${origin}${startPage()}`);
    // The header caches my picture's address for the next page load (docs/product.md §3); logout must forget it.
    await expect.poll(() => header().locator('button[popovertarget] img').count()).toBe(1);
    await page.evaluate(() => localStorage.setItem('civitas.profilePictureUri', '/media/cached-picture.webp'));
    // A second tab of the same browser, on a citizen's page, open while the first one signs out.
    const otherTab = await context.newPage();
    await otherTab.goto(`${origin}/people`);
    await waitForHydration(otherTab, 'header.site-header button[popovertarget]');
    await signOutFromMenu(page);
    await page.waitForURL(`${origin}/`);
    // The other tab loads its page again, as a guest's: its header no longer says who was signed in.
    const otherHeader = otherTab.locator('header.site-header');
    await otherHeader.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await otherHeader.textContent()).not.toContain(person.username);
    await otherTab.close();
    expect(await page.evaluate(() => localStorage.getItem('civitas.profilePictureUri'))).toBeNull();
    await expect.poll(() => header().locator('a[href="/me"]').count()).toBe(0);
    await expect.poll(() => header().getByRole('link', { name: 'Sign in' }).count()).toBe(1);
    expect(await header().textContent()).not.toContain(person.username);
    const jar = await cookieJar(context);
    for (const name of ['civitas_citizen_token', 'civitas_refresh_token', 'civitas_username']) {
      expect(jar.has(name), name).toBe(false);
    }
    const renewal = await fetch(`${origin}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: `civitas_refresh_token=${refresh}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(renewal.status).toBe(401);
  });

  it('resets a forgotten password with the emailed link and signs in with the new one', async () => {
    await page.goto(`${origin}/forgot-password`);
    await page.getByLabel('Email address').fill(person.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect.poll(() => main().getByRole('status').textContent()).toContain('a link is on its way');
    const link = await followLinkFromMailbox(page, origin, person.email);
    expect(link).toMatch(/\/reset-password\?displayLanguage=en#token=/);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => main().getByRole('status').textContent()).toContain('Your password has been changed');

    // The link works once: opened again, it says so and offers a new one.
    await page.goto('about:blank');
    await page.goto(link);
    await page.getByLabel('New password').fill('yet another passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => main().getByRole('alert').textContent()).toContain('already used or expired');

    await signInFromHeader(NEW_PASSWORD);
    await page.waitForURL(`${origin}${startPage()}`);
    await expect.poll(() => header().textContent(), { timeout: 10_000 }).toContain(`Signed in as ${person.username}`);
  });

  it('opened without the link’s token, the reset page says where to get one', async () => {
    await page.goto(`${origin}/reset-password`);
    await expect.poll(() => main().getByRole('alert').textContent()).toContain('opens from the link');
    await main().getByRole('link', { name: 'Get a new link' }).click();
    await page.waitForURL(`${origin}/forgot-password`);
  });

  it('never carried a token in any URL it visited', async () => {
    const jar = await cookieJar(context);
    const secrets = [jar.get('civitas_citizen_token')?.value, jar.get('civitas_refresh_token')?.value];
    expect(visited.length).toBeGreaterThan(10);
    for (const url of visited) {
      for (const secret of secrets) if (secret) expect(url).not.toContain(secret);
      expect(url).not.toMatch(/access_token|refresh_token|eyJ[\w-]+\.eyJ/);
      // The reset link's token rides in the fragment, which no request carries.
      expect(url).not.toContain('token=');
    }
  });
});
