#!/usr/bin/env node
// A soak of the built server (hardening issue): mixed reads and writes at a steady rate for SOAK_SECONDS (600),
// then the error rate, p50/p99 per minute and the server's memory at the start and the end.
// Usage: npm run build && node bench/soak.mjs   (SOAK_RATE requests/s, default 200; SOAK_PORT 3196; SQLite on a
// fresh DATA_DIR with the demo world, or DATABASE_URL). Traffic stays on 127.0.0.1; the run is bounded.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quantile, residentKb } from './process-stats.mjs';

const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const rate = Number(process.env.SOAK_RATE ?? 200);
const port = Number(process.env.SOAK_PORT ?? 3196);
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'civitas-soak-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  PUBLIC_URL: origin,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
  MEDIA_WORKER: 'false',
  // One address and eight citizens make all the traffic: the limits would refuse most of it.
  REQUESTS_PER_5_MINUTES: '1000000000',
  FOLLOWS_PER_HOUR: '1000000000',
  FRIEND_REQUESTS_PER_HOUR: '1000000000',
  POSTS_PER_30_MINUTES: '1000000000',
  UPLOADS_PER_30_MINUTES: '1000000000',
};

const server = spawn(process.execPath, ['apps/api/dist/main.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
const rssMb = () => residentKb(server.pid) / 1024;
const cli = (...args) =>
  execFileSync(process.execPath, ['apps/api/dist/cli/main.js', ...args], { env, encoding: 'utf8' })
    .trim()
    .split('\n')
    .at(-1);

async function waitForHealth() {
  for (let tries = 0; tries < 240; tries += 1) {
    if (
      await fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

try {
  await waitForHealth();
  const names = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi'];
  const tokens = names.map((name) => cli('mint-token', '--username', name));
  const guest = cli('mint-token', '--guest');
  const call = (method, path, token, body) =>
    fetch(`${origin}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const stage = await (await call('GET', '/api/content/v9/feed/eight-stage?country=GB', guest)).json();
  const postIds = stage.data.map((post) => post.id);
  const me = await Promise.all(
    tokens.map(async (token) => (await call('GET', '/api/users/influencers/me', token)).json()),
  );
  const pick = (list) => list[Math.floor(Math.random() * list.length)];

  // The mix: mostly reads, as people use the app; every write is one a person makes.
  const actions = [
    [30, () => call('GET', '/api/content/v9/feed/eight-stage?country=GB', guest)],
    [20, () => call('GET', `/api/content/v9/feed/eight-stage?country=GB&timestamp=${Date.now()}`, pick(tokens))],
    [15, () => call('GET', `/api/content/v1/creators-content/${pick(postIds)}`, pick(tokens))],
    [10, () => call('GET', `/api/social/feeds/${pick(postIds)}/overview`, pick(tokens))],
    [10, () => call('POST', `/api/users/influencers/me/liked-creators-content/${pick(postIds)}`, pick(tokens))],
    [8, () => call('POST', `/api/users/influencers/me/un-liked-creators-content/${pick(postIds)}`, pick(tokens))],
    [4, () => call('POST', `/api/users/influencers/me/follow/${pick(me).id}`, pick(tokens))],
    [2, () => call('POST', `/api/users/influencers/me/unfollow/${pick(me).id}`, pick(tokens))],
    [
      1,
      () =>
        call('POST', '/api/users/v7/creators-content', pick(tokens), {
          mediaType: 'image',
          caption: `Soak ${Date.now()} #soak with @alice`,
          sharingOptions: 'public',
          externalLink: null,
        }),
    ],
  ];
  const weights = actions.reduce((sum, [weight]) => sum + weight, 0);
  const choose = () => {
    let at = Math.random() * weights;
    for (const [weight, action] of actions) {
      at -= weight;
      if (at < 0) return action;
    }
    return actions[0][1];
  };
  // Expected refusals a person can cause (following oneself) are not errors; 5xx and network failures are.
  const minutes = [];
  const startRss = rssMb();
  const started = performance.now();
  let sent = 0;
  let inFlight = 0;
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const elapsed = (performance.now() - started) / 1000;
      if (elapsed >= seconds) {
        clearInterval(tick);
        const wait = setInterval(() => {
          if (inFlight === 0) {
            clearInterval(wait);
            resolve();
          }
        }, 50);
        return;
      }
      const due = Math.floor(elapsed * rate) - sent;
      for (let i = 0; i < due; i += 1) {
        sent += 1;
        inFlight += 1;
        const minute = Math.floor(elapsed / 60);
        minutes[minute] ??= { latencies: [], errors: 0, rss: 0 };
        const at = performance.now();
        choose()()
          .then(async (response) => {
            await response.arrayBuffer();
            if (response.status >= 500) minutes[minute].errors += 1;
          })
          .catch(() => {
            minutes[minute].errors += 1;
          })
          .finally(() => {
            minutes[minute].latencies.push(performance.now() - at);
            minutes[minute].rss = rssMb();
            inFlight -= 1;
          });
      }
    }, 10);
  });
  console.log(`${sent} requests in ${seconds} s at ${rate}/s; RSS at the start ${startRss.toFixed(0)} MB`);
  console.log('minute  requests  errors  p50 ms  p99 ms  RSS MB');
  let errors = 0;
  for (const [index, minute] of minutes.entries()) {
    if (!minute) continue;
    const sorted = minute.latencies.sort((a, b) => a - b);
    errors += minute.errors;
    console.log(
      `${String(index + 1).padStart(6)}  ${String(sorted.length).padStart(8)}  ${String(minute.errors).padStart(6)}  ${quantile(sorted, 0.5).toFixed(1).padStart(6)}  ${quantile(sorted, 0.99).toFixed(1).padStart(6)}  ${minute.rss.toFixed(0).padStart(6)}`,
    );
  }
  const endRss = rssMb();
  // Growth is counted from the end of the first minute, once the code is compiled and the caches are warm.
  const warmRss = minutes.find(Boolean)?.rss ?? startRss;
  console.log(
    `errors ${errors} of ${sent} (${((100 * errors) / sent).toFixed(3)} %); RSS cold ${startRss.toFixed(0)} MB, after the first minute ${warmRss.toFixed(0)} MB, at the end ${endRss.toFixed(0)} MB (${(((endRss - warmRss) / warmRss) * 100).toFixed(1)} % from the first minute)`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
