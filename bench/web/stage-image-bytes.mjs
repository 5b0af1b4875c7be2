#!/usr/bin/env node
// The bytes of post pictures a 390 px phone downloads for the first stage page (docs/design.md §8: small pages on
// phones), measured in Debian's Chromium: every post picture the page fetched as it scrolled through the
// first page, beside what the same posts' 1080 px JPEGs (`imageUri`, what every screen got before renditions)
// weigh. Usage: node bench/web/stage-image-bytes.mjs http://localhost:3000
import { launchChromium } from './chromium.mjs';

const origin = process.argv[2] ?? 'http://localhost:3000';
const browser = await launchChromium();
try {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: Number(process.env.DPR ?? 1),
    locale: 'en-GB',
  });
  const page = await context.newPage();
  const fetched = new Map();
  page.on('response', async (response) => {
    const path = new URL(response.url()).pathname;
    if (!/^\/media\/.*\/(post|image|cover)[^/]*\.(webp|jpe?g)$/.test(path) && !/\/image-\d+\.(webp|jpeg)$/.test(path))
      return;
    const body = await response.body().catch(() => null);
    if (body) fetched.set(path, body.length);
  });
  await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
  for (let step = 0; step < 30; step += 1) {
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(150);
  }
  await page.waitForLoadState('networkidle');
  const fallbacks = await page.$$eval('main article picture img', (images) =>
    images.map((image) => image.getAttribute('src')),
  );
  let jpegBytes = 0;
  for (const src of fallbacks) {
    const res = await fetch(new URL(src, origin));
    jpegBytes += (await res.arrayBuffer()).byteLength;
  }
  const sum = [...fetched.values()].reduce((total, bytes) => total + bytes, 0);
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(
    `first stage page at 390 px (DPR ${process.env.DPR ?? 1}): ${fetched.size} post pictures, ${kb(sum)} downloaded; the same ${fallbacks.length} posts as 1080 px JPEGs: ${kb(jpegBytes)}`,
  );
} finally {
  await browser.close();
}
