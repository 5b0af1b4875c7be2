#!/usr/bin/env node
// First-load JavaScript of a page (docs/design.md §8: ≤ 150 KB gzipped on the stage).
// Usage: node bench/web/first-load-js.mjs http://localhost:3204 [/path] [--as bob]
// Loads the page cold (a new browser context: no cache, no cookies; with `--as`, only the session cookies of that
// demo citizen, signed in through the form in another context first) in Debian's Chromium, waits until the
// network is idle (hydration and the first page of posts included), and gzips every script the page asked
// for with zlib (level 6, the budget's yardstick), printing each file and the sum, beside the bytes the server
// actually sent for it (its own encoding: brotli, precompressed at build time, where the browser accepts it).
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { launchChromium } from './chromium.mjs';
import { signIn } from './sign-in.mjs';

const BUDGET_KB = 150;
const { values, positionals } = parseArgs({ allowPositionals: true, options: { as: { type: 'string' } } });
const [origin, path = '/'] = positionals;
if (!origin) {
  console.error('usage: node bench/web/first-load-js.mjs <origin, e.g. http://localhost:3204> [/path] [--as bob]');
  process.exit(2);
}

const browser = await launchChromium();
try {
  // Signed in elsewhere, so the measured context starts with the session but with none of the sign-in's cache.
  const session = values.as ? await signIn(browser, origin, values.as) : null;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
  if (session) await context.addCookies(await session.context.cookies(origin));
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.resourceType() !== 'script' && !new URL(response.url()).pathname.endsWith('.js')) return;
    pending.push(
      Promise.all([response.body(), request.sizes()]).then(
        ([body, sizes]) => ({
          url: response.url(),
          raw: body.length,
          gzip: gzipSync(body, { level: 6 }).length,
          sent: sizes.responseBodySize,
          encoding: response.headers()['content-encoding'] ?? 'none',
        }),
        () => null, // a redirect or a failed request has no body to count
      ),
    );
  });
  await page.goto(new URL(path, origin).href, { waitUntil: 'networkidle' });
  const scripts = (await Promise.all(pending)).filter(Boolean).sort((a, b) => b.gzip - a.gzip);
  const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
  for (const script of scripts) {
    console.log(
      `${kb(script.gzip)} KB gz ${kb(script.raw)} KB raw ${kb(script.sent)} KB sent (${script.encoding})  ${new URL(script.url).pathname}`,
    );
  }
  const total = scripts.reduce(
    (sum, script) => ({ raw: sum.raw + script.raw, gzip: sum.gzip + script.gzip, sent: sum.sent + script.sent }),
    { raw: 0, gzip: 0, sent: 0 },
  );
  console.log(
    `first-load JS of ${path}${values.as ? ` as ${values.as}` : ''}: ${scripts.length} files, ${kb(total.gzip).trim()} KB gzipped (${total.gzip} B; ${kb(total.raw).trim()} KB raw), ${kb(total.sent).trim()} KB sent; budget ${BUDGET_KB} KB gz: ${total.gzip / 1024 <= BUDGET_KB ? 'within' : 'OVER'}`,
  );
} finally {
  await browser.close();
}
