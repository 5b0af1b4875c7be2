#!/usr/bin/env node
// The live notification stream under load (ADR 078): opens one stream for each of many citizens (LISTENERS,
// comma-separated tokens), reads the server's RSS before and after, then has followers (FOLLOWERS) follow
// listeners one at a time and measures, per follow, the time from sending the follow to its `notification`
// event on the followed citizen's open stream. The follows stay, so each listener has a line in its list for the
// next path to read; `undo` (no streams, no timing) takes them back afterwards, for the next run.
// Usage: BENCH_LISTENERS=<tokens or @file> BENCH_FOLLOWERS=<tokens or @file> node bench/api/stream-latency.mjs <base URL> <server pid> [samples] [undo]
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [base, pid, samplesArg, mode] = process.argv.slice(2);
/** A comma-separated list, or `@path` for one kept in a file (a thousand tokens are too long for a variable). */
const listOf = (value = '') =>
  (value.startsWith('@') ? readFileSync(value.slice(1), 'utf8') : value).split(/[,\s]+/).filter(Boolean);
const listeners = listOf(process.env.BENCH_LISTENERS);
const followers = listOf(process.env.BENCH_FOLLOWERS);
const samples = Number(samplesArg ?? listeners.length);
if (!base || !pid || listeners.length === 0 || followers.length === 0) {
  console.error('usage: BENCH_LISTENERS=… BENCH_FOLLOWERS=… node bench/api/stream-latency.mjs <base> <pid> [samples]');
  process.exit(2);
}
const subjectOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
const rssMb = () => Math.round(Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1]) / 1024);

/** One open stream: resolves once it has said its count; `waitFor` resolves at its next `notification` event. */
function openStream(token) {
  return new Promise((resolve, reject) => {
    let waiting = null;
    const request = http.get(
      `${base}/api/notifications/v1/stream`,
      { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream: ${response.statusCode}`));
        let buffer = '';
        let opened = false;
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!opened && block.includes('event: unread')) {
              opened = true;
              resolve(stream);
            }
            if (block.includes('event: notification') && waiting) {
              const done = waiting;
              waiting = null;
              done(performance.now());
            }
            end = buffer.indexOf('\n\n');
          }
        });
      },
    );
    request.on('error', reject);
    const stream = {
      nextNotification: () => new Promise((done) => (waiting = done)),
      close: () => request.destroy(),
    };
  });
}

async function call(path, token) {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
}

if (mode === 'undo') {
  for (let n = 0; n < samples; n += 1) {
    const followed = subjectOf(listeners[n % listeners.length]);
    await call(`/api/users/influencers/me/unfollow/${followed}`, followers[n % followers.length]);
  }
  process.exit(0);
}

const before = rssMb();
const streams = [];
for (let index = 0; index < listeners.length; index += 50) {
  streams.push(...(await Promise.all(listeners.slice(index, index + 50).map(openStream))));
}
await new Promise((resolve) => setTimeout(resolve, 2000));
const open = rssMb();
const times = [];
for (let n = 0; n < samples; n += 1) {
  const listener = n % listeners.length;
  const follower = followers[n % followers.length];
  const followed = subjectOf(listeners[listener]);
  const told = streams[listener].nextNotification();
  const sent = performance.now();
  await call(`/api/users/influencers/me/follow/${followed}`, follower);
  const at = await Promise.race([told, new Promise((resolve) => setTimeout(() => resolve(null), 5000))]);
  if (at !== null) times.push(at - sent);
}
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
console.log(
  `notification stream: ${streams.length} open; follow → event p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ` +
    `${times.length}/${samples} delivered within 5 s (a follow made already tells nothing); server RSS ${before} MB before the streams, ${open} MB with them open`,
);
for (const stream of streams) stream.close();
process.exit(0);
