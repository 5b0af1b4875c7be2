#!/usr/bin/env node
// The main screens as pictures (README, "Screens"): `npm run screenshots` after `npm run build`.
// Starts the built app on a fresh DATA_DIR with the demo world (as `npm start` does), answers the consent banner
// (essential cookies only), and captures each screen as a guest and signed in as bob, where they differ, at a
// phone's 390×844 and a laptop's 1280×800, in the light and the dark theme (the browser's preference), into
// docs/screenshots/<screen>-<guest|bob>-<width>-<theme>.webp. WebP at quality 70 keeps the folder small.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { launchChromium } from '../bench/web/chromium.mjs';
import { signIn } from '../bench/web/sign-in.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'docs/screenshots');
const sizes = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const themes = ['light', 'dark'];

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

async function startDemo() {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'civitas-screens-'));
  const child = spawn(process.execPath, [join(root, 'apps/api/dist/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PUBLIC_URL: origin, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error('the demo server did not become healthy within 120 s');
}

/** The screens, by name: a path, or a function finding it in a page (the first post of the stage). */
const screens = (postPath) => ({
  guest: { stage: '/', post: postPath, profile: '/u/alice', 'sign-in': null },
  bob: { stage: '/', post: postPath, profile: '/u/alice', people: '/people', composer: '/new', me: '/me' },
});

async function capture(context, origin, name, who, path, size, theme) {
  const page = await context.newPage();
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: theme });
  if (path === null) {
    // The sign-in form lives inside an authorization interaction: reached through the header's link.
    await page.goto(`${origin}/`);
    await page.locator('header.site-header').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sign-in\?interaction=/);
  } else {
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  }
  await page.evaluate(() => document.fonts.ready);
  const png = await page.screenshot({ animations: 'disabled' });
  const file = join(outDir, `${name}-${who}-${size.width}-${theme}.webp`);
  await sharp(png).webp({ quality: 70 }).toFile(file);
  await page.close();
  return file;
}

const { origin, stop } = await startDemo();
const browser = await launchChromium();
try {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const consent = { name: 'civitas_consent', value: 'v1.e0.a0', url: origin };
  const language = { name: 'civitas_language', value: 'en', url: origin };
  const guest = await browser.newContext({ locale: 'en-GB' });
  await guest.addCookies([consent, language]);
  const probe = await guest.newPage();
  await probe.goto(`${origin}/`);
  const postPath = await probe.locator('main article a[href^="/p/"]').first().getAttribute('href');
  await probe.close();
  const bob = (await signIn(browser, origin, 'bob')).context;
  await bob.addCookies([consent, language]);
  const contexts = { guest, bob };
  for (const [who, list] of Object.entries(screens(postPath))) {
    for (const [name, path] of Object.entries(list)) {
      for (const size of sizes) {
        for (const theme of themes) {
          console.log(await capture(contexts[who], origin, name, who, path, size, theme));
        }
      }
    }
  }
  const bytes = readdirSync(outDir).reduce((sum, file) => sum + statSync(join(outDir, file)).size, 0);
  console.log(`docs/screenshots: ${(bytes / 1024 / 1024).toFixed(2)} MB`);
} finally {
  await browser.close();
  stop();
}
