#!/usr/bin/env node
// The analytics websocket under many browsers (docs/product.md §3): events per second acknowledged (stored) by the built
// server with BENCH_SOCKETS (200) guest sockets open at once, each keeping BENCH_WINDOW (8) events in flight,
// beside a hello-world reference measured with the same client in the same run: a Fastify websocket that
// acknowledges each message without storing it.
// Usage: npm run build && node bench/analytics/socket-load.mjs   (BENCH_SECONDS 15, BENCH_PORT 3198; SQLite
// on a fresh DATA_DIR, or DATABASE_URL for PostgreSQL). Traffic stays on 127.0.0.1; every run is bounded.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';

const sockets = Number(process.env.BENCH_SOCKETS ?? 200);
const window = Number(process.env.BENCH_WINDOW ?? 8);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const port = Number(process.env.BENCH_PORT ?? 3198);
const origin = `http://127.0.0.1:${port}`;

const message = () => {
  const eventId = randomUUID();
  return {
    eventId,
    text: JSON.stringify({
      action: 'send',
      data: {
        eventName: 'page_viewed',
        metadata: {
          eventId,
          eventName: 'page_viewed',
          platform: 'Web',
          browserName: 'Chrome',
          browserVersion: '156.0',
          os: 'Android',
          deviceType: 'android_phone',
          currentUrl: `${origin}/p/0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f70`,
          timestampDate: new Date().toISOString(),
          userId: null,
          guestId: null,
        },
      },
    }),
  };
};

async function waitFor(url) {
  for (let tries = 0; tries < 240; tries += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

/** Opens `count` sockets to `url` with the headers `headersFor(i)` gives; resolves once all are open. */
const openAll = (url, count, headersFor) =>
  Promise.all(
    Array.from(
      { length: count },
      (_, index) =>
        new Promise((resolve, reject) => {
          const socket = new WebSocket(url, { headers: headersFor(index), perMessageDeflate: false });
          socket.once('open', () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );

/** Keeps `window` events in flight on every socket for `seconds`; answers acknowledged events per second. */
async function drive(open) {
  let acknowledged = 0;
  let refused = 0;
  let running = true;
  for (const socket of open) {
    const send = () => {
      if (running && socket.readyState === socket.OPEN) socket.send(message().text);
    };
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'ack') acknowledged += 1;
      else refused += 1;
      send();
    });
    for (let i = 0; i < window; i += 1) send();
  }
  await new Promise((resolve) => setTimeout(resolve, 2000)); // warm-up, not counted
  const start = { acknowledged, time: performance.now() };
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const rate = ((acknowledged - start.acknowledged) * 1000) / (performance.now() - start.time);
  running = false;
  for (const socket of open) socket.close();
  return { rate, refused };
}

function startChild(args, env) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill();
    });
}

const referenceServer = `
  const app = require('fastify')();
  app.register(require('@fastify/websocket'));
  app.register(async (scope) => {
    scope.get('/ws', { websocket: true }, (socket) => {
      socket.on('message', (data) => {
        const { data: { metadata } } = JSON.parse(String(data));
        socket.send(JSON.stringify({ type: 'ack', eventId: metadata.eventId }));
      });
    });
    scope.get('/', async () => 'ok');
  });
  app.listen({ port: ${port}, host: '127.0.0.1' });
`;

// The reference: the same client against a hello-world websocket.
let stop = startChild(['-e', referenceServer], {});
await waitFor(`${origin}/`);
const reference = await drive(await openAll(`ws://127.0.0.1:${port}/ws`, sockets, () => ({})));
await stop();

const dataDir = mkdtempSync(join(tmpdir(), 'civitas-bench-analytics-'));
stop = startChild(['apps/api/dist/main.js'], {
  DATA_DIR: dataDir,
  PORT: String(port),
  PUBLIC_URL: origin,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  // The per-socket limit (600 a minute) protects a real server; here every socket is pushed as hard as it goes.
  ANALYTICS_EVENTS_PER_MINUTE: '100000000',
});
try {
  await waitFor(`${origin}/healthz`);
  // One guest session per socket, as 200 browsers would have.
  const cookies = [];
  for (let i = 0; i < sockets; i += 1) {
    const response = await fetch(`${origin}/api/auth/refresh-guest`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: '{}',
    });
    cookies.push(response.headers.get('set-cookie')?.split(';')[0] ?? '');
  }
  const open = await openAll(`ws://127.0.0.1:${port}/api/analytics`, sockets, (i) => ({ origin, cookie: cookies[i] }));
  const measured = await drive(open);
  const share = (100 * measured.rate) / reference.rate;
  console.log(
    `database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}; ${sockets} sockets, ${window} in flight each`,
  );
  console.log(`hello-world websocket (reference): ${Math.round(reference.rate)} events/s`);
  console.log(
    `analytics socket, stored and acknowledged: ${Math.round(measured.rate)} events/s (${share.toFixed(1)} % of the reference), ${measured.refused} refused`,
  );
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
