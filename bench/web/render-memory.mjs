#!/usr/bin/env node
// What rendering many distinct pages does to the server's memory: posts and their authors' profiles, four at a
// time, in rounds of `--posts` posts each (two pages per post), printing the server's RSS after each round and
// 15 s after the last. Against a server on the benchmark's SQLite data (bench/run.sh), started with PUBLIC_URL
// set to its own address (pages asked for at another host are redirected there) and `npm start`'s node flags
// (package.json), e.g. DATA_DIR=/tmp/bench-sqlite PUBLIC_URL=http://127.0.0.1:3299 PORT=3299 SEED_DEMO=false
// node <npm start's flags> apps/api/dist/main.js &
// Usage: node bench/web/render-memory.mjs http://127.0.0.1:3299 <server pid> [--data /tmp/bench-sqlite]
//   [--posts 300] [--rounds 6]
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { quantile, residentKb } from '../process-stats.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    data: { type: 'string', default: '/tmp/bench-sqlite' },
    posts: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '6' },
  },
});
const [origin, pid] = [positionals[0]?.replace(/\/$/, ''), positionals[1]];
if (!origin || !pid) {
  console.error(
    'usage: node bench/web/render-memory.mjs <origin> <server pid> [--data DIR] [--posts 300] [--rounds 6]',
  );
  process.exit(2);
}
const posts = Number(values.posts);
const rssMb = () => residentKb(pid) / 1024;

/** A round's pages: `posts` public posts from `offset` on, each with its author's profile. */
function pagesFrom(offset) {
  const query = `select group_concat(p.id || ' ' || c.username, ',') from (select id, author_id from posts
    where sharing = 'public' and status = 'ready' and deleted_at is null order by id limit ${posts} offset ${offset})
    as p join citizens c on c.id = p.author_id`;
  const listed = execFileSync(process.execPath, ['bench/api/lookup.mjs', values.data, query]).toString().trim();
  return listed.split(',').flatMap((row) => {
    const [id, username] = row.split(' ');
    return [`/p/${id}`, `/u/${username}`];
  });
}

async function render(paths) {
  const times = [];
  let next = 0;
  let failed = 0;
  const lane = async () => {
    while (next < paths.length) {
      const path = paths[next++];
      const started = performance.now();
      const response = await fetch(origin + path, { headers: { 'accept-language': 'en-GB' }, redirect: 'manual' });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      if (response.status !== 200) failed++;
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
  times.sort((a, b) => a - b);
  return `${paths.length} pages, ${failed} not 200, p50 ${quantile(times, 0.5).toFixed(0)} ms, p99 ${quantile(times, 0.99).toFixed(0)} ms`;
}

console.log(`RSS before: ${rssMb().toFixed(0)} MB`);
for (let round = 0; round < Number(values.rounds); round++) {
  // Each round new posts, the last the first round's again (pages seen before).
  const offset = round === Number(values.rounds) - 1 ? 20_000 : 20_000 + round * 10_000;
  const summary = await render(pagesFrom(offset));
  console.log(`round ${round + 1} (offset ${offset}): ${summary}; RSS ${rssMb().toFixed(0)} MB`);
}
await sleep(15_000);
console.log(`RSS 15 s later: ${rssMb().toFixed(0)} MB`);
