import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { chromiumPath } from './paths';

/**
 * Debian's Chromium, never a downloaded browser. The flags keep it from reaching for Google's services, which
 * this machine's closed network refuses (and which would slow every start).
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`E2E needs Chromium at ${chromiumPath}: run scripts/install-system-deps.sh chromium`);
  }
  return chromium.launch({
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
}
