import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { chromiumPath } from './paths';

/**
 * Debian's Chromium, never a downloaded browser. The flags keep it from reaching for Google's services, which
 * this machine's closed network refuses (and which would slow every start).
 */
/**
 * Content-Security-Policy violations the browser reported in any page of this test file (ADR 016): the
 * journeys run under the app's real policy, and no-csp-violations.ts fails the file if one shows up.
 */
export const cspViolations: string[] = [];

const isCspViolation = (text: string) => /Content Security Policy/i.test(text);

/** Every context of the browser reports CSP violations from its pages' consoles into cspViolations. */
function watchForCspViolations(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...options) => {
    const context = await newContext(...options);
    context.on('console', (message) => {
      if (isCspViolation(message.text())) cspViolations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
    });
    return context;
  };
  return browser;
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`E2E needs Chromium at ${chromiumPath}: run scripts/install-system-deps.sh chromium`);
  }
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return watchForCspViolations(browser);
}

/**
 * One Chromium for a test file, and a fresh context for each test (a phone in British English unless the test
 * says otherwise), closed when the test ends.
 */
export function browserPerFile(): { newContext(options?: BrowserContextOptions): Promise<BrowserContext> } {
  let browser: Browser | undefined;
  const open: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newContext(options = {}) {
      if (!browser) throw new Error('browserPerFile: no browser yet (call newContext inside a test)');
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB', ...options });
      open.push(context);
      return context;
    },
  };
}
