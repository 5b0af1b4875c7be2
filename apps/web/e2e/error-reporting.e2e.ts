import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startIngestReceiver } from '../../api/test/support/ingest-receiver';
import { launchChromium } from './support/browser';
import { newPhoneContext } from './support/demo';
import { waitForHydration } from './support/pages';
import { type RunningApp, startApp } from './support/server';

/**
 * docs/product.md §1, §8: browser errors reach the error-report service through our own /monitoring, only in prod, uat
 * and test, only with consent to error reporting, and the SDK is downloaded only after that consent.
 */

/** Words only the SDK's own code carries (its global carrier and client name). */
const isSentryCode = (script: string) => script.includes('__SENTRY__') || script.includes('sentry.javascript');

let receiver: Awaited<ReturnType<typeof startIngestReceiver>>;
/** The envelopes the receiver got for project 7, as text. */
const envelopes = () =>
  receiver.received
    .filter((request) => request.method === 'POST' && request.url.startsWith('/api/7/envelope/'))
    .map((request) => request.body.toString('utf8'));
let testEnv: RunningApp;
let devEnv: RunningApp;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  receiver = await startIngestReceiver();
  const dsn = `http://key@127.0.0.1:${receiver.port}/7`;
  [testEnv, devEnv, browser] = await Promise.all([
    startApp({ APP_ENV: 'test', SENTRY_DSN: dsn }, 'error-reporting-test.log'),
    startApp({ APP_ENV: 'dev', SENTRY_DSN: dsn }, 'error-reporting-dev.log'),
    launchChromium(),
  ]);
});
afterEach(async () => {
  await context?.close();
  receiver.received.length = 0;
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([testEnv?.stop(), devEnv?.stop()]);
  await receiver?.close();
});

/** A fresh visitor on `origin`, with what the page downloads and sends to /monitoring recorded. */
async function visit(origin: string) {
  context = await newPhoneContext(browser);
  const page = await context.newPage();
  const scripts: string[] = [];
  const monitoring: { status: number }[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname === '/monitoring') monitoring.push({ status: response.status() });
    else if (response.request().resourceType() === 'script') scripts.push(await response.text());
  });
  await page.goto(`${origin}/`);
  await banner(page).waitFor();
  await waitForHydration(page, 'section button[aria-controls]');
  return { page, scripts, monitoring };
}

const banner = (page: Page) => page.getByRole('region', { name: 'Your privacy' });

async function consentToErrorReportingOnly(page: Page): Promise<void> {
  await banner(page).getByRole('button', { name: 'Choose services' }).click();
  await banner(page).getByRole('checkbox', { name: 'Error reporting' }).check();
  await banner(page).getByRole('button', { name: 'Save my choices' }).click();
  await banner(page).waitFor({ state: 'detached' });
}

async function withdraw(page: Page): Promise<void> {
  await page.getByRole('contentinfo').getByRole('button', { name: 'Privacy settings' }).click();
  await banner(page).waitFor();
  await banner(page).getByRole('button', { name: 'Reject all' }).click();
  await banner(page).waitFor({ state: 'detached' });
}

/** An uncaught error in the page, as a failing event handler would raise it. */
const throwInPage = (page: Page, message: string) =>
  page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);

const quietFor = (page: Page) => page.waitForTimeout(1500);

describe('error reporting in the browser', () => {
  it('before consent: no SDK downloaded and nothing sent, even for an uncaught error', async () => {
    const { page, scripts, monitoring } = await visit(testEnv.origin);
    await throwInPage(page, 'e2e before consent');
    await quietFor(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter(isSentryCode)).toEqual([]);
    expect(monitoring).toEqual([]);
    expect(envelopes()).toEqual([]);
  });

  it('with consent in environment test: a thrown error reaches the receiver through /monitoring; withdrawn, nothing more', async () => {
    const { page, scripts, monitoring } = await visit(testEnv.origin);
    await consentToErrorReportingOnly(page);
    // The SDK arrives only now, after consent.
    await expect.poll(() => scripts.some(isSentryCode), { timeout: 15_000 }).toBe(true);

    // An address holding secrets, as a reset link's does: they stay in the browser.
    await page.evaluate(() => history.replaceState(history.state, '', '/?to=ana%40example.org#token=reset-secret'));
    await throwInPage(page, 'e2e boom');
    await expect.poll(() => envelopes().length, { timeout: 15_000 }).toBe(1);
    // The tunnel forwards before it answers, so the page may see its answer a moment after the receiver.
    await expect.poll(() => monitoring, { timeout: 5_000 }).toEqual([{ status: 200 }]);
    const [header = '', itemHeader = '', payload = ''] = envelopes()[0]?.split('\n') ?? [];
    expect(JSON.parse(header)).toMatchObject({ dsn: `http://key@127.0.0.1:${receiver.port}/7` });
    expect(JSON.parse(itemHeader)).toMatchObject({ type: 'event' });
    const event = JSON.parse(payload) as Record<string, unknown>;
    expect(event).toMatchObject({
      environment: 'test',
      exception: { values: [{ type: 'Error', value: 'e2e boom' }] },
      // Browser error events mark their trace as failed (docs/product.md §8).
      contexts: { trace: { status: 'internal_error' } },
    });
    // No personal data: no cookies, no user, no headers, no query or fragment.
    expect(payload).not.toContain('civitas_consent');
    expect(event.request).toMatchObject({ url: `${testEnv.origin}/` });
    expect(payload).not.toMatch(/reset-secret|ana%40example/);
    expect(event).not.toHaveProperty('user');

    await withdraw(page);
    await throwInPage(page, 'e2e after withdrawal');
    await quietFor(page);
    expect(monitoring).toHaveLength(1);
    expect(envelopes()).toHaveLength(1);
  });

  it('in environment dev: consent changes nothing, no SDK is downloaded and nothing is sent', async () => {
    const { page, scripts, monitoring } = await visit(devEnv.origin);
    await consentToErrorReportingOnly(page);
    await throwInPage(page, 'e2e in dev');
    await quietFor(page);
    expect(scripts.filter(isSentryCode)).toEqual([]);
    expect(monitoring).toEqual([]);
    expect(envelopes()).toEqual([]);
  });
});
