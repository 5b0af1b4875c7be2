#!/usr/bin/env node
// In-process CPU cost of the pieces of a citizen's stage page, without HTTP: skeleton, hydration, views,
// response validation and serialisation, each run N times against the benchmark database.
// Usage: DATA_DIR=… [DATABASE_URL=…] node bench/api/micro.mjs [iterations=2000]
import { getStageFeed } from '@civitas/contract';
import { loadConfig } from '../../apps/api/dist/config.js';
import { closeContext, createContext } from '../../apps/api/dist/create-context.js';
import { publicFeedRules } from '../../apps/api/dist/domains/feeds/feed-rules.js';
import { runFeed } from '../../apps/api/dist/domains/feeds/pipeline.js';
import { stageSkeleton } from '../../apps/api/dist/domains/feeds/skeletons/stage.js';
import { hydratePosts } from '../../apps/api/dist/domains/posts/hydrate.js';
import { feedPageJson } from '../../apps/api/dist/domains/posts/post-json.js';
import { postView } from '../../apps/api/dist/domains/posts/present.js';

const iterations = Number(process.argv[2] ?? 2000);
const ctx = await createContext(loadConfig({ ...process.env, LOG_LEVEL: 'silent' }));
const viewer = await ctx.db
  .selectFrom('citizens')
  .select('id')
  .where('country', '=', 'GB')
  .orderBy('id')
  .limit(1)
  .executeTakeFirstOrThrow();
const skeleton = stageSkeleton({
  db: ctx.db,
  cursorSecret: ctx.keys.cursorSecret,
  country: 'GB',
  size: 20,
  snapshot: Date.now(),
});
const first = await skeleton(undefined);
const hydration = await hydratePosts(ctx, first.postIds, viewer.id);
const page = await runFeed(ctx, viewer.id, { skeleton, rules: publicFeedRules }, undefined);
const schema = getStageFeed.success.body;

let round = 0;
async function measure(name, work) {
  if (round === 0) {
    for (let i = 0; i < iterations; i++) await work(); // the first round only warms up (JIT, caches)
    return;
  }
  const cpu = process.cpuUsage();
  const wall = performance.now();
  for (let i = 0; i < iterations; i++) await work();
  const used = process.cpuUsage(cpu);
  const perCall = (used.user + used.system) / iterations / 1000;
  console.log(
    `${name.padEnd(34)} cpu ${perCall.toFixed(3)} ms/call   wall ${((performance.now() - wall) / iterations).toFixed(3)} ms/call`,
  );
}

for (; round < 2; round++) {
  await measure('skeleton (stage page of 20)', () => skeleton(undefined));
  await measure('hydratePosts (20, cached content)', () => hydratePosts(ctx, first.postIds, viewer.id));
  await measure('postView x20', () => first.postIds.map((id) => postView(hydration.posts.get(id), hydration)));
  await measure('runFeed (whole pipeline)', () =>
    runFeed(ctx, viewer.id, { skeleton, rules: publicFeedRules }, undefined),
  );
  await measure('zod encode of the page', () => schema.encode(page));
  await measure('JSON.stringify of the page', () => JSON.stringify(page));
  await measure('feedPageJson (views checked before)', () => feedPageJson(ctx.caches.checkedPostJson, page));
  await measure('compile the live query only', () =>
    ctx.db.selectFrom('posts').selectAll().where('id', 'in', first.postIds).compile(),
  );
}
await closeContext(ctx);
