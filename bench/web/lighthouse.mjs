#!/usr/bin/env node
// Lighthouse (mobile: its default Moto G Power emulation, simulated slow 4G, and a CPU slowdown scaled to this
// machine: its CPU index ÷ 450, see `cpu-slowdown` below) on the main stage, a demo post and a demo profile of a
// running server, and on a reference page with no script (the lab's floor on this machine,
// bench/web/reference-page.mjs), in Debian's Chromium; prints the scores.
// Measured, never asserted (docs/design.md §8: ≥ 95). Prints the run with the median performance
// score of each page, then (with --runs > 1) the median of each column over the runs.
// For each page it also prints how much of its main thread's task time after the first paint was spent on the
// CPU, and the blocking time those tasks make at the slowdown counted both ways (trace-cpu.mjs): on a machine
// whose other processes hold the two cores, the gap between the two is the machine's, not the page's.
//
// Usage: node bench/web/lighthouse.mjs http://localhost:3204 [--runs 3] [--post <id>] [--profile alice] [--as bob]
//   [--pages reference,stage,post,profile] [--cpu-slowdown 10]
// `--as <demo citizen>` measures the pages as that citizen sees them: signed in once through the sign-in form, the
// session's cookies then go with every request Lighthouse makes (`--extra-headers`). Not alice, whose /u/alice is
// her own profile (a redirect to /me).
// Needs: a server with the demo data (builds nothing itself); Chromium (scripts/install-system-deps.sh
// chromium). Lighthouse comes from the npm registry through npx (pinned below); nothing else leaves the machine:
// the flags keep Chromium from calling Google's services, which this network refuses.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from './chromium.mjs';
import { signIn } from './sign-in.mjs';
import { traceCpu } from './trace-cpu.mjs';

const LIGHTHOUSE = 'lighthouse@12.8.2'; // the last major that runs on Node 20 (13 needs Node 22)
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
};
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    post: { type: 'string' },
    profile: { type: 'string', default: 'alice' },
    as: { type: 'string' },
    // A comma-separated subset of reference, stage, post, profile (all four by default). The reference is a
    // page with no script served by bench/web/reference-page.mjs: the lab's own floor, measured in the same run.
    pages: { type: 'string', default: 'reference,stage,post,profile' },
    // Lighthouse's simulated CPU slowdown. By default it is scaled to this machine: its CPU index (Lighthouse's
    // benchmarkIndex, read by a first run on the reference page) ÷ 450, so every machine emulates the same phone
    // (Lighthouse calibrates its preset 4x for a desktop of index 1,500–2,000, and machines of this kind measure
    // 1,400–2,500: a fixed 4x would emulate phones up to twice apart). A given number overrides it.
    'cpu-slowdown': { type: 'string' },
  },
});
const origin = positionals[0]?.replace(/\/$/, '');
if (!origin) {
  console.error('usage: node bench/web/lighthouse.mjs <origin, e.g. http://localhost:3204> [--runs 3] [--post <id>]');
  process.exit(2);
}
const runs = Math.max(1, Number(values.runs));

/** A public post of the demo profile, as its server-rendered page links it. */
async function demoPostId() {
  const html = await (await fetch(`${origin}/u/${values.profile}`, { headers: { 'accept-language': 'en-GB' } })).text();
  const id = /href="\/p\/([0-9a-f-]{36})"/.exec(html)?.[1];
  if (!id) throw new Error(`no post link on /u/${values.profile}; pass --post <id>`);
  return id;
}

/** The session cookies of `--as`, signed in anew for each page (an access token lasts 15 minutes). */
async function citizenCookies() {
  if (!values.as) return null;
  const browser = await launchChromium();
  try {
    return (await signIn(browser, origin, values.as)).cookieHeader;
  } finally {
    await browser.close();
  }
}

const reports = mkdtempSync(join(tmpdir(), 'civitas-lighthouse-'));

function lighthouse(name, url, run, cookieHeader, slowdown, attempt = 1) {
  const output = join(reports, `${name}-${run}.json`);
  const result = spawnSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--quiet',
      '--output=json',
      '--save-assets',
      `--output-path=${output}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      ...(slowdown ? [`--throttling.cpuSlowdownMultiplier=${slowdown}`] : []),
      ...(cookieHeader ? [`--extra-headers=${JSON.stringify({ Cookie: cookieHeader })}`] : []),
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: 'inherit' },
  );
  if (result.status !== 0) {
    // A trace Lighthouse could not record (NO_NAVSTART: one run in five on some machines, twice in a row now and
    // then) is run again, up to three attempts in all.
    if (attempt < 3) return lighthouse(name, url, run, cookieHeader, slowdown, attempt + 1);
    throw new Error(`lighthouse failed on ${url} (exit ${result.status})`);
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round(report.categories[id].score * 100)])),
    metrics: Object.fromEntries(Object.entries(METRICS).map(([name, id]) => [name, report.audits[id].displayValue])),
    values: Object.fromEntries(Object.entries(METRICS).map(([name, id]) => [name, report.audits[id].numericValue])),
    benchmarkIndex: Math.round(report.environment.benchmarkIndex),
    mainThread: traceCpu(
      output.replace(/\.json$/, '-0.trace.json'),
      report.configSettings.throttling.cpuSlowdownMultiplier,
    ),
    output,
  };
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

const chosen = new Set(values.pages.split(','));

/** The reference page's server, started only when the reference is measured; stopped when this process exits. */
async function startReference() {
  const child = spawn(process.execPath, [new URL('./reference-page.mjs', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.once('exit', () => child.kill());
  const [line] = await once(child.stdout, 'data');
  // Neither the child nor its output keeps this process alive once the runs are done.
  child.stdout.destroy();
  child.unref();
  return line.toString().trim();
}
const referenceOrigin = await startReference();

/** The CPU slowdown of every run: given, or this machine's CPU index ÷ 450 (see `cpu-slowdown` above). */
function chooseSlowdown() {
  if (values['cpu-slowdown']) return { slowdown: Number(values['cpu-slowdown']), index: null };
  const { benchmarkIndex } = lighthouse('calibration', `${referenceOrigin}/`, 0, null, null);
  return { slowdown: Math.round((benchmarkIndex / 450) * 100) / 100, index: benchmarkIndex };
}
const { slowdown, index: calibrationIndex } = chooseSlowdown();

const pages = [
  ['reference', () => '/', referenceOrigin],
  ['stage', () => '/', origin],
  ['post', async () => `/p/${values.post ?? (await demoPostId())}`, origin],
  ['profile', () => `/u/${values.profile}`, origin],
].filter(([name]) => chosen.has(name));
console.log(
  `Lighthouse ${LIGHTHOUSE.split('@')[1]}, mobile, ${runs} run(s) per page, ${values.as ? `signed in as ${values.as}` : 'guest'}; reports in ${reports}`,
);
console.log(
  calibrationIndex === null
    ? `CPU slowdown ${slowdown} (given)`
    : `CPU slowdown ${slowdown}: this machine's CPU index ${calibrationIndex} ÷ 450 (each run's index is in the last column)`,
);
const header = ['page', 'perf', 'a11y', 'best', 'seo', ...Object.keys(METRICS), 'slowdown', 'CPU index'];
const rows = [];
const medianRows = [];
const shown = (metric, value) =>
  metric === 'CLS' ? value.toFixed(3) : metric === 'TBT' ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`;
for (const [name, pathOf, pageOrigin] of pages) {
  const path = await pathOf();
  const cookieHeader = pageOrigin === origin ? await citizenCookies() : null;
  const results = Array.from({ length: runs }, (_, run) =>
    lighthouse(name, `${pageOrigin}${path}`, run, cookieHeader, slowdown),
  );
  // The run with the median performance score stands for the page (Lighthouse's own advice for variance).
  const perf = median(results.map((result) => result.scores.performance));
  const typical = results.find((result) => result.scores.performance === perf);
  rows.push([
    `${name} ${path}`,
    ...CATEGORIES.map((id) => String(typical.scores[id])),
    ...Object.keys(METRICS).map((metric) => typical.metrics[metric]),
    String(slowdown),
    String(typical.benchmarkIndex),
  ]);
  medianRows.push([
    `${name} ${path}`,
    ...CATEGORIES.map((id) => String(median(results.map((result) => result.scores[id])))),
    ...Object.keys(METRICS).map((metric) => shown(metric, median(results.map((result) => result.values[metric])))),
    String(slowdown),
    String(median(results.map((result) => result.benchmarkIndex))),
  ]);
  if (runs > 1) {
    // TBT's spread from run to run is wider than most changes: each run's figure is printed beside the median.
    const tbt = results.map((r) => shown('TBT', r.values.TBT)).join(', ');
    console.log(`${name}: performance per run ${results.map((r) => r.scores.performance).join(', ')}; TBT ${tbt}`);
  }
  // The machine's share of TBT (trace-cpu.mjs): the same tasks counted by the time the thread ran.
  const thread = (key) => median(results.map((r) => r.mainThread[key]));
  console.log(
    `${name}: main thread from first paint (median): ${Math.round(thread('cpuShare') * 100)} % of task wall time on the CPU; blocking at the slowdown ${Math.round(thread('blockingByWall'))} ms by wall time, ${Math.round(thread('blockingByCpu'))} ms by CPU time`,
  );
}
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
if (runs > 1) {
  console.log(`\nMedian of each column over the ${runs} runs:`);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of medianRows) console.log(`| ${row.join(' | ')} |`);
}
