import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { codeFromMailbox, expectAccessible, screenshot } from './support/pages';

const origin = inject('origin');
const suffix = randomBytes(3).toString('hex');

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

const main = () => page.locator('main');
const alertText = () => main().getByRole('alert').textContent();

/** A fresh sign-in page, as the header link reaches it: login → authorize → /sign-in?interaction=… */
async function openSignIn() {
  await page.goto(`${origin}/sign-in`);
  await page.waitForURL(/\/sign-in\?interaction=/);
}

async function trySignIn(login: string, password: string) {
  await page.getByLabel('Username or email address').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('the account pages at 390 px', () => {
  for (const [name, path] of [
    ['sign-up', '/sign-up'],
    ['verify-email', '/verify-email?influencerId=01890a5b-7d4e-7c3a-9f1e-2b3c4d5e6f70'],
    ['forgot-password', '/forgot-password'],
    ['reset-password', '/reset-password'],
    ['dev-mailbox', '/dev/mailbox'],
  ] as const) {
    it(`${name}: renders, is accessible and is kept as a screenshot`, async () => {
      await page.goto(`${origin}${path}`);
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      await screenshot(page, name);
      await expectAccessible(page, name);
    });
  }

  it('sign-in: renders the form for an authorization request', async () => {
    await openSignIn();
    expect(await page.locator('h1').textContent()).toBe('Sign in');
    await screenshot(page, 'sign-in');
    await expectAccessible(page, 'sign-in');
  });
});

describe('sign-in errors a person can act on', () => {
  it('starts an authorization request when /sign-in is typed in by hand', async () => {
    await page.goto(`${origin}/sign-in`);
    await page.waitForURL(/\/sign-in\?interaction=[^&]+$/);
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(1);
  });

  it('explains a failed callback (?error=) and offers to start again', async () => {
    await page.goto(`${origin}/sign-in?error=state_mismatch`);
    await expect.poll(alertText).toContain('Signing in did not complete');
    const restart = main().getByRole('link', { name: 'Start signing in again' });
    expect(await restart.getAttribute('href')).toBe('/api/auth/login?next=%2F');
  });

  it('asks an unconfirmed account to confirm its address first', async () => {
    const username = `unconfirmed_${suffix}`;
    const created = await fetch(`${origin}/api/identity/v1/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `${username}@example.org`,
        username,
        displayName: 'Not Yet',
        password: 'a long enough password',
      }),
    });
    expect(created.status).toBe(201);
    await openSignIn();
    await trySignIn(username, 'a long enough password');
    await expect.poll(alertText).toContain('Confirm your email address before signing in');
    await screenshot(page, 'sign-in-unverified');
    await expectAccessible(page, 'sign-in with an error');
    // The link leads to this account's code, so a person who closed the confirmation page can still finish.
    await main().getByRole('link', { name: 'Confirm your email address' }).click();
    await page.waitForURL(`${origin}/verify-email?influencerId=${(await created.json()).influencerId}`);
    await page.getByLabel('6-digit code').fill(await codeFromMailbox(context, origin, `${username}@example.org`));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => main().getByRole('status').textContent()).toContain('Your email address is confirmed');
    // Nothing left to ask for: the "send a new code" part is gone.
    expect(await main().getByRole('heading', { level: 2 }).count()).toBe(0);
  });

  it('says when the sign-in page has expired, with a link to start again', async () => {
    await page.goto(`${origin}/sign-in?interaction=expired-or-tampered`);
    await trySignIn('anyone', 'any password at all');
    await expect.poll(alertText).toContain('This sign-in page has expired');
    expect(await main().getByRole('link', { name: 'Start signing in again' }).getAttribute('href')).toBe(
      '/api/auth/login?next=%2F',
    );
  });

  it('tells how long to wait after too many attempts', async () => {
    // The server allows 3 failed sign-ins per account (ACCOUNT_FAILURE_LIMIT in global-setup.ts).
    await openSignIn();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await trySignIn(`locked_${suffix}`, `wrong password ${attempt}`);
      await expect.poll(alertText).toContain('do not match');
    }
    await trySignIn(`locked_${suffix}`, 'wrong password 4');
    await expect.poll(alertText).toMatch(/Too many attempts\. Try again in 1[45] minutes\./);
  });
});

describe('a form sent before the page has its scripts', () => {
  it('keeps the password out of every address: the browser posts it', async () => {
    const bare = await browser.newContext({ locale: 'en-GB', javaScriptEnabled: false });
    try {
      const tab = await bare.newPage();
      const password = `Not-in-a-url-${suffix}`;
      const sent: { method: string; url: string; body: string | null }[] = [];
      tab.on('request', (request) =>
        sent.push({ method: request.method(), url: request.url(), body: request.postData() }),
      );
      await tab.goto(`${origin}/sign-in`);
      await tab.waitForURL(/\/sign-in\?interaction=/);
      await tab.getByLabel('Username or email address').fill('nobody@example.org');
      await tab.getByLabel('Password').fill(password);
      await Promise.all([tab.waitForEvent('load'), tab.getByRole('button', { name: 'Sign in' }).click()]);
      const submitted = sent.filter((request) => request.body?.includes(password));
      expect(submitted.map((request) => request.method)).toEqual(['POST']);
      expect(sent.filter((request) => request.url.includes(password))).toEqual([]);
      expect(tab.url()).not.toContain(password);
    } finally {
      await bare.close();
    }
  });
});

describe('another language', () => {
  it('shows the account pages in the browser’s language', async () => {
    const german = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } });
    try {
      const seite = await german.newPage();
      await seite.goto(`${origin}/sign-up`);
      expect(await seite.locator('html').getAttribute('lang')).toBe('de');
      expect(await seite.locator('h1').textContent()).toBe('Konto erstellen');
      expect(await seite.getByLabel('Benutzername').count()).toBe(1);
      expect(await seite.locator('header').getByRole('link', { name: 'Anmelden' }).count()).toBe(1);
      await screenshot(seite, 'sign-up-de');
    } finally {
      await german.close();
    }
  });
});
