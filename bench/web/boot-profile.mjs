#!/usr/bin/env node
// Where a page's main-thread JavaScript time goes while it loads and boots, under Lighthouse's 4x CPU slowdown in
// Debian's Chromium at 390 px: a CPU profile from navigation until the network is idle (plus 1.5 s), summed by
// script and by function (self time). Time a function spends compiling code it calls for the first time shows as
// that function's own (the bundler's module loader, for module code compiled lazily).
// Usage: node bench/web/boot-profile.mjs http://localhost:3204 [/u/alice] [--top 20] [--as bob]
// As a guest, or with `--as <demo citizen>` as that citizen sees the page (signed in first through the sign-in form).
import { parseArgs } from 'node:util';
import { launchChromium } from './chromium.mjs';
import { signIn } from './sign-in.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '20' }, as: { type: 'string' } },
});
const origin = positionals[0]?.replace(/\/$/, '');
if (!origin) {
  console.error('usage: node bench/web/boot-profile.mjs <origin> [path] [--top 20]');
  process.exit(2);
}
const path = positionals[1] ?? '/';

const browser = await launchChromium();
let profile;
try {
  const context = values.as
    ? (await signIn(browser, origin, values.as)).context
    : await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  ({ profile } = await cdp.send('Profiler.stop'));
} finally {
  await browser.close();
}

const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
const byScript = new Map();
const byFunction = new Map();
const add = (map, key, micros) => map.set(key, (map.get(key) ?? 0) + micros);
profile.samples.forEach((id, index) => {
  const frame = nodes.get(id);
  const micros = profile.timeDeltas[index] ?? 0;
  if (frame.functionName === '(idle)') return;
  const script = frame.url ? frame.url.replace(origin, '') : frame.functionName;
  add(byScript, script, micros);
  add(byFunction, `${frame.functionName || '(anonymous)'}  ${script}:${frame.lineNumber + 1}`, micros);
});
const busy = [...byScript.values()].reduce((sum, micros) => sum + micros, 0);
const top = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(values.top))
    .map(([key, micros]) => `${(micros / 1000).toFixed(1).padStart(8)} ms  ${key}`)
    .join('\n');
console.log(
  `${path}: ${(busy / 1000).toFixed(0)} ms busy at 4x\n\nby script:\n${top(byScript)}\n\nby function:\n${top(byFunction)}`,
);
