// Debian's Chromium for the web benchmarks, never a downloaded browser. The flags keep it from reaching for
// Google's services, which this machine's closed network refuses (and which would slow every start).
import { chromium } from 'playwright-core';

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const launchChromium = () => chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
