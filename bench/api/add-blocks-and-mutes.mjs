#!/usr/bin/env node
// Adds blocks and mutes to the benchmark dataset, through the server's own writes (a block ends follows,
// friendships and requests between the two and keeps the counts, as the block call does): half between the
// crowd's citizens (bench/run.sh's first citizens of a country) and the authors on that country's stage, so
// the filters drop posts the measured readers would otherwise be given, half spread over other citizens. The
// authors of the posts the detail and like paths read are never blocked (those paths would turn into 404s) but
// may be muted. Idempotent: a pair already blocked or muted is left as it is.
// Usage: DATA_DIR=... [DATABASE_URL=...] node bench/api/add-blocks-and-mutes.mjs <country> <crowd> <blocks> <mutes>
import { loadConfig } from '../../apps/api/dist/config.js';
import { closeContext, createContext } from '../../apps/api/dist/create-context.js';
import { addBlock, addMute } from '../../apps/api/dist/domains/blocks/block-store.js';

const [country, crowdSize, blockCount, muteCount] = process.argv.slice(2);
if (!/^[A-Z]{2}$/.test(country ?? '') || ![crowdSize, blockCount, muteCount].every((n) => Number(n) > 0)) {
  console.error('usage: node bench/api/add-blocks-and-mutes.mjs <country> <crowd> <blocks> <mutes>');
  process.exit(2);
}
const ctx = await createContext(loadConfig(process.env));
const db = ctx.db;
// A fixed sequence, so every run (and both databases) gets the same pairs.
let state = 20261206;
const random = () => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};
const pick = (list) => list[Math.floor(random() * list.length)];
try {
  const ids = (rows) => rows.map((row) => row.id);
  const crowd = ids(
    await db
      .selectFrom('citizens')
      .select('id')
      .where('country', '=', country)
      .orderBy('id')
      .limit(Number(crowdSize))
      .execute(),
  );
  const stageAuthors = ids(
    await db
      .selectFrom('stage_entries')
      .innerJoin('posts', 'posts.id', 'stage_entries.post_id')
      .select('posts.author_id as id')
      .where('stage_entries.country', '=', country)
      .orderBy('stage_entries.staged_at', 'desc')
      .limit(2000)
      .execute(),
  );
  // bench/run.sh's detail and like posts: the 5,000th and the 10,000th–10,199th public ready posts by id.
  const readPosts = db
    .selectFrom('posts')
    .select('author_id as id')
    .where('sharing', '=', 'public')
    .where('status', '=', 'ready')
    .where('deleted_at', 'is', null)
    .orderBy('id');
  const protectedAuthors = new Set([
    ...ids(await readPosts.limit(1).offset(5000).execute()),
    ...ids(await readPosts.limit(200).offset(10000).execute()),
  ]);
  const others = ids(await db.selectFrom('citizens').select('id').orderBy('id').limit(20000).offset(1000).execute());
  const now = Date.now();
  let blocks = 0;
  let mutes = 0;
  // Each pair once, so the counts asked for are the counts made.
  const made = new Set();
  const fresh = (kind, a, b) => !made.has(`${kind}:${a}:${b}`) && made.add(`${kind}:${a}:${b}`);
  for (let i = 0; blocks < Number(blockCount); i += 1) {
    const half = blocks < Number(blockCount) / 2;
    const reader = half ? crowd[i % crowd.length] : pick(others);
    const author = half ? pick(stageAuthors) : pick(others);
    if (reader === author || protectedAuthors.has(author) || protectedAuthors.has(reader)) continue;
    if (!fresh('block', reader, author) || !fresh('block', author, reader)) continue;
    // Both directions: a reader who blocked, and an author who blocked the reader.
    if (i % 2 === 0) await addBlock(db, reader, author, now);
    else await addBlock(db, author, reader, now);
    blocks += 1;
  }
  for (let i = 0; mutes < Number(muteCount); i += 1) {
    const half = mutes < Number(muteCount) / 2;
    const reader = half ? crowd[i % crowd.length] : pick(others);
    const author = half ? pick(stageAuthors) : pick(others);
    if (reader === author || !fresh('mute', reader, author)) continue;
    await addMute(db, reader, author, now);
    mutes += 1;
  }
  const count = async (table) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  console.log(`blocks: ${await count('blocks')}, mutes: ${await count('mutes')}`);
} finally {
  await closeContext(ctx);
}
