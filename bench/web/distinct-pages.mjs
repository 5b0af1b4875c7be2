#!/usr/bin/env node
// Pages as people browse them (issue 48): every request a page not asked for before in the run, so no cache can
// answer it. wrk -t1 -c8 on a guest's post page, a guest's profile and a signed-in citizen's post page, each beside
// a hello-world Fastify under the same wrk in the same run (bench/api/hello-world.mjs, measured before and after
// each shape; the share is of their mean), with the server's RSS before, after and 15 s after each shape.
// `--soak <seconds>` instead browses guests' and a citizen's pages mixed for that long, printing the RSS each
// minute and 15 s after the end (the memory goal: flat from minute 5 to minute 10).
// Against a server on the benchmark's data (bench/run.sh or `civitas generate`), started with PUBLIC_URL set to its
// own address and `npm start`'s node flags, e.g.
//   DATA_DIR=/tmp/bench-sqlite PORT=3299 PUBLIC_URL=http://127.0.0.1:3299 SEED_DEMO=false \
//   REQUESTS_PER_5_MINUTES=10000000 node <npm start's flags> apps/api/dist/main.js &
// Usage: [DATABASE_URL=...] node bench/web/distinct-pages.mjs <origin> <server pid> [--data /tmp/bench-sqlite]
//   [--duration 20] [--shapes guest-post,guest-profile,citizen-post] [--soak 600]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { residentKb } from '../process-stats.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    data: { type: 'string', default: '/tmp/bench-sqlite' },
    duration: { type: 'string', default: '20' },
    shapes: { type: 'string', default: 'guest-post,guest-profile,citizen-post' },
    soak: { type: 'string' },
  },
});
const [origin, pid] = [positionals[0]?.replace(/\/$/, ''), positionals[1]];
if (!origin || !pid) {
  console.error(
    'usage: node bench/web/distinct-pages.mjs <origin> <server pid> [--data DIR] [--duration 20] [--soak 600]',
  );
  process.exit(2);
}
const duration = Number(values.duration);
const rssMb = () => Math.round(residentKb(pid) / 1024);
const work = mkdtempSync(join(tmpdir(), 'civitas-distinct-'));

/** Rows of one query on the benchmark's database: PostgreSQL when DATABASE_URL is set, else DATA_DIR's SQLite. */
async function rows(sql) {
  if (process.env.DATABASE_URL) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }
  const SQLite = (await import('better-sqlite3')).default;
  const db = new SQLite(join(values.data, 'civitas.sqlite'), { readonly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

// More pages than any run renders (a wrapped list would ask for pages again), in an order no index gives.
const visible = `from posts p join citizens c on c.id = p.author_id
  where p.sharing = 'public' and p.status = 'ready' and p.deleted_at is null and p.hidden_at is null`;
const posts = (await rows(`select p.id, c.username ${visible} order by p.id limit 60000`)).sort(
  (a, b) => hash(a.id) - hash(b.id),
);
function hash(text) {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}
const third = Math.floor(posts.length / 3);
const pageLists = {
  'guest-post': posts.slice(0, third).map((post) => `/p/${post.id}`),
  'guest-profile': [...new Set(posts.map((post) => post.username))].map((username) => `/u/${username}`),
  'citizen-post': posts.slice(third, 2 * third).map((post) => `/p/${post.id}`),
};

/** A generated citizen's session cookies: a token minted with the server's keys (bench/api/mint-citizens.mjs). */
async function citizenCookie() {
  const [{ country }] = await rows('select country from citizens order by id limit 1');
  const [{ username }] = await rows(`select username from citizens where country = '${country}' order by id limit 1`);
  const env = { ...process.env, DATA_DIR: values.data };
  const token = execFileSync(process.execPath, ['bench/api/mint-citizens.mjs', country, '1'], { env })
    .toString()
    .trim();
  const expires = Date.now() + 3_600_000;
  return `civitas_citizen_token=${token}; civitas_username=${username}; civitas_session_expires=${expires}`;
}

function wrk(args, env = {}) {
  const out = execFileSync('wrk', args, { env: { ...process.env, ...env } }).toString();
  const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99 = /99%\s+([\d.]+\w+)/.exec(out)?.[1] ?? '?';
  const failed = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  return { rate, p99, failed };
}

function pagesWrk(paths, seconds, cookie = '') {
  const file = join(work, 'pages.txt');
  writeFileSync(file, `${paths.join('\n')}\n`);
  const script = 'bench/web/distinct-pages.lua';
  return wrk(['-t1', '-c8', `-d${seconds}s`, '--latency', '-s', script, origin], {
    BENCH_PAGES_FILE: file,
    BENCH_COOKIE: cookie,
  });
}

const cookie = await citizenCookie();

if (values.soak) {
  const seconds = Number(values.soak);
  // Guests' posts and profiles and the citizen's posts in turn, a minute at a time, never a page twice.
  const mixed = pageLists['guest-post'].flatMap((path, i) => [path, pageLists['guest-profile'][i]]).filter(Boolean);
  console.log(`minute 0: RSS ${rssMb()} MB`);
  for (let minute = 1; minute * 60 <= seconds; minute += 1) {
    const guests = mixed.splice(0, 12_000);
    const citizens = pageLists['citizen-post'].splice(0, 6_000);
    const [guest, citizen] = await Promise.all([
      Promise.resolve().then(() => pagesWrk(guests, 40)),
      sleep(40_000).then(() => pagesWrk(citizens, 20, cookie)),
    ]);
    console.log(
      `minute ${minute}: RSS ${rssMb()} MB (guests ${guest.rate} pages/s, citizen ${citizen.rate} pages/s, failed ${guest.failed + citizen.failed})`,
    );
  }
  await sleep(15_000);
  console.log(`15 s later: RSS ${rssMb()} MB`);
  process.exit(0);
}

const helloPort = 3000 + (Number(pid) % 1000) + 5000;
const hello = spawn(process.execPath, ['bench/api/hello-world.mjs'], {
  env: { ...process.env, PORT: String(helloPort) },
  stdio: 'ignore',
});
process.on('exit', () => hello.kill());
for (let i = 0; i < 40; i++) {
  if (
    await fetch(`http://127.0.0.1:${helloPort}/`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await sleep(250);
}
const reference = () => wrk(['-t1', '-c8', `-d${duration}s`, `http://127.0.0.1:${helloPort}/`]).rate;
wrk(['-t1', '-c8', '-d3s', `http://127.0.0.1:${helloPort}/`]);

console.log(`hello-world Fastify, wrk -t1 -c8 -d${duration}s: ${reference()} req/s`);
let before = reference();
for (const shape of values.shapes.split(',')) {
  const paths = pageLists[shape];
  const asCitizen = shape.startsWith('citizen');
  // A few pages first, so the renderer's code for the route is loaded and compiled; then never these again.
  pagesWrk(paths.splice(0, 200), 3, asCitizen ? cookie : '');
  const rssBefore = rssMb();
  const result = pagesWrk(paths, duration, asCitizen ? cookie : '');
  const rssAfter = rssMb();
  const after = reference();
  await sleep(15_000);
  const share = (100 * result.rate) / ((before + after) / 2);
  console.log(
    `${shape.padEnd(14)} ${String(result.rate).padStart(8)} pages/s  ${share.toFixed(2)}% of hello-world  p99 ${result.p99}  non-2xx ${result.failed}  RSS ${rssBefore} → ${rssAfter} → ${rssMb()} MB (15 s later)`,
  );
  before = after;
}
process.exit(0);
