import { type Compilable, CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { newId } from '../../src/db/ids.js';
import { readersLikesQuery } from '../../src/domains/feeds/citizen-stage-page.js';
import { fillEveryTimeline } from '../../src/domains/feeds/following-timeline.js';
import { authorPageQuery } from '../../src/domains/feeds/skeletons/author-posts.js';
import { followingPageQuery } from '../../src/domains/feeds/skeletons/following-posts.js';
import { lovedPageQuery } from '../../src/domains/feeds/skeletons/loved-posts.js';
import { stagePageQuery } from '../../src/domains/feeds/skeletons/stage.js';
import { liveQuery, PAIRS_SQL } from '../../src/domains/posts/live-reads.js';
import { followedMatches, rankedMatches } from '../../src/domains/search/people-search.js';
import { writeSearchPrefixes } from '../../src/domains/search/search-terms.js';
import { createTestApp, type TestApp } from '../support/harness.js';

// Every skeleton page must be an index range walked in order: no full scan, no sort of the whole set, no
// OFFSET. The plans are read from the database itself, on whichever dialect the run uses.

let t: TestApp;
let someCitizen: string;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  someCitizen = await seedVolume(t.ctx.db);
});
afterAll(() => t.close());

const someId = '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f70';
const countries = ['NZ', 'JP', 'BR', 'AU', 'CL', 'PE', 'UY', 'FJ', 'KR', 'MX'];

/** Enough rows, spread like real data, for the planners' statistics to mean something. */
async function seedVolume(db: Db): Promise<string> {
  const now = Date.now();
  const citizens = Array.from({ length: 200 }, (_, i) => ({
    id: newId(now - 1_000_000 + i),
    username: `volume${i}`,
    username_key: `volume${i}`,
    display_name: `Volume ${i}`,
    display_name_key: `volume ${i}`,
    country: countries[i % countries.length] as string,
    bio: '',
    language: 'en',
    followers_count: 0,
    following_count: 0,
    friends_count: 0,
    posts_count: 0,
    created_at: now,
    updated_at: now,
  }));
  const posts = Array.from({ length: 4000 }, (_, i) => ({
    id: newId(now - 500_000 + i),
    // citizen 3 is prolific: a page of theirs must not sort all their posts.
    author_id: citizens[i % 10 === 0 ? 3 : i % citizens.length]?.id as string,
    caption: '',
    mention_ids: '[]',
    hashtags: '[]',
    media_type: 'image' as const,
    sharing: i % 5 === 0 ? ('private' as const) : ('public' as const),
    status: i % 50 === 0 ? ('processing' as const) : ('ready' as const),
    likes_count: 0,
    created_at: now - 500_000 + i,
    updated_at: now - 500_000 + i,
    deleted_at: i % 40 === 0 ? now : null,
  }));
  const stage = posts
    .filter((_, i) => i % 2 === 0)
    .map((post, i) => ({
      country: countries[i % countries.length] as string,
      post_id: post.id,
      staged_at: post.created_at,
      source: 'curated' as const,
    }));
  const likes = posts.flatMap((post, i) =>
    [0, 1].map((k) => ({
      post_id: post.id,
      citizen_id: citizens[(i + k * 7) % 50]?.id as string,
      created_at: post.created_at + k,
    })),
  );
  const chunks = <T>(rows: T[]) =>
    Array.from({ length: Math.ceil(rows.length / 400) }, (_, i) => rows.slice(i * 400, i * 400 + 400));
  for (const chunk of chunks(citizens)) await db.insertInto('citizens').values(chunk).execute();
  for (const [i, citizen] of citizens.entries()) {
    const { id, username, display_name: displayName } = citizen;
    await writeSearchPrefixes(db, { id, username, displayName, followers: (i * 37) % 300 });
  }
  for (const chunk of chunks(posts)) await db.insertInto('posts').values(chunk).execute();
  for (const chunk of chunks(stage)) await db.insertInto('stage_entries').values(chunk).execute();
  for (const chunk of chunks(likes)) await db.insertInto('likes').values(chunk).execute();
  await sql`analyze`.execute(db);
  return citizens[3]?.id as string;
}

async function planOf(db: Db, query: Compilable): Promise<string> {
  const compiled = query.compile();
  expect(compiled.sql.toLowerCase()).not.toContain('offset');
  if (t.ctx.dialect === 'sqlite') {
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return plan.rows.map((row) => row.detail).join('\n');
  }
  const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
  );
  return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
}

/**
 * SQLite's planner is deterministic, so its plan must name the index. PostgreSQL weighs its statistics and,
 * on test-sized tables, may walk the primary key instead; what must hold there is an index-ordered walk that
 * the LIMIT stops early: no sequential scan and no sort.
 */
function expectIndexedWalk(plan: string, index: string): void {
  if (t.ctx.dialect === 'sqlite') {
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/TEMP B-TREE/);
    expect(plan).not.toMatch(/^SCAN (stage_entries|likes|posts)$/m);
  } else {
    expect(plan).toMatch(/Index (Only )?Scan Backward/);
    expect(plan).not.toMatch(/Seq Scan|Sort/);
  }
}

describe('skeleton query plans', () => {
  it('walks the stage by stage_entries_order', async () => {
    for (const after of [undefined, [Date.now() - 250_000, someId] as [number, string]]) {
      const plan = await planOf(t.ctx.db, stagePageQuery(t.ctx.db, 'NZ', Date.now(), after, 20));
      expectIndexedWalk(plan, 'stage_entries_order');
    }
  });

  it('walks an author’s posts by posts_author_feed', async () => {
    for (const includeUnready of [true, false]) {
      for (const after of [undefined, someId]) {
        const query = authorPageQuery(
          t.ctx.db,
          { authorId: someCitizen, sharing: 'public', includeUnready },
          after,
          20,
        );
        expectIndexedWalk(await planOf(t.ctx.db, query), 'posts_author_feed');
      }
    }
  });

  it('reads a page of the following feed as one range of the reader’s timeline (ADR 081)', async () => {
    const reader = (
      await t.ctx.db.selectFrom('citizens').select('id').where('username', '=', 'volume7').executeTakeFirstOrThrow()
    ).id;
    const followees = await t.ctx.db.selectFrom('citizens').select('id').where('id', '<>', reader).limit(30).execute();
    await t.ctx.db
      .insertInto('follows')
      .values(followees.map((followee) => ({ follower_id: reader, followee_id: followee.id, created_at: Date.now() })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    await fillEveryTimeline(t.ctx.db);
    await sql`analyze`.execute(t.ctx.db);
    for (const before of ['ffffffff-ffff-7fff-bfff-ffffffffffff', someId]) {
      const plan = await genericPlanOf(t.ctx.db, followingPageQuery(t.ctx.db, reader, before, 20));
      if (t.ctx.dialect === 'sqlite') {
        expect(plan).toMatch(/SEARCH following_timeline USING PRIMARY KEY \(reader_id=\? AND post_id<\?\)/);
        expect(plan).not.toMatch(/TEMP B-TREE/);
      } else {
        expect(plan).toMatch(/Index Only Scan Backward using following_timeline_pk/);
        expect(plan).not.toMatch(/Seq Scan|Sort/);
      }
    }
  });

  it('searches by one range of citizen_search_prefixes_rank, in its order (ADR 082)', async () => {
    for (const viewerId of [someCitizen, null]) {
      const search = { viewerId, q: 'volume', limit: 20, offset: 0 };
      const plan = await planOf(t.ctx.db, rankedMatches(t.ctx.db, search, 21));
      if (t.ctx.dialect === 'sqlite') {
        expect(plan).toMatch(/SEARCH match USING (COVERING )?INDEX citizen_search_prefixes_rank \(prefix=\?\)/);
        expect(plan).not.toMatch(/TEMP B-TREE/);
      } else {
        expect(plan).toMatch(/Index (Only )?Scan using citizen_search_prefixes_rank/);
        expect(plan).not.toMatch(/Seq Scan on citizen_search_prefixes|Sort/);
      }
    }
    // The people I follow: from my follows, each probed for the prefix by the key, never every citizen with it.
    const followed = await planOf(t.ctx.db, followedMatches(t.ctx.db, someCitizen, 'volume'));
    if (t.ctx.dialect === 'sqlite') {
      expect(followed).toMatch(
        /SEARCH follows[^\n]*\(follower_id=\?\)\nSEARCH match USING[^\n]*\(citizen_id=\? AND prefix=\?\)/,
      );
    } else {
      expect(followed).not.toMatch(/Seq Scan on citizen_search_prefixes/);
    }
  });

  it('walks loved posts by likes_by_citizen', async () => {
    for (const after of [undefined, [Date.now() - 250_000, someId] as [number, string]]) {
      const plan = await planOf(t.ctx.db, lovedPageQuery(t.ctx.db, someCitizen, after, 20));
      expectIndexedWalk(plan, 'likes_by_citizen');
    }
  });
});

/** EXECUTE of a prepared statement: it takes no bind parameters, so the test's own ids go in as literals. */
function executeWithLiterals(name: string, compiled: CompiledQuery): string {
  const literal = (value: unknown) => (Array.isArray(value) ? `'{${value.join(',')}}'::uuid[]` : `'${String(value)}'`);
  return `execute ${name}(${compiled.parameters.map(literal).join(', ')})`;
}

/**
 * The plan a prepared statement settles on. PostgreSQL switches a named statement to its generic plan (one made
 * without the values) after five runs, and that plan is the one every later request gets.
 */
async function genericPlanOf(db: Db, query: Compilable): Promise<string> {
  const compiled = query.compile();
  if (t.ctx.dialect === 'sqlite') return planOf(db, query);
  return db.connection().execute(async (connection) => {
    await sql`set plan_cache_mode = force_generic_plan`.execute(connection);
    try {
      await connection.executeQuery(CompiledQuery.raw(`prepare plan_probe as ${compiled.sql}`));
      const plan = await connection.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${executeWithLiterals('plan_probe', compiled)}`),
      );
      return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      // Only the probe: the connection goes back to the pool with the app's own prepared statements.
      await sql`deallocate plan_probe`.execute(connection);
      await sql`reset plan_cache_mode`.execute(connection);
    }
  });
}

describe('hydration query plan', () => {
  it("finds the viewer's like of each post by its key, never by reading all of the viewer's likes", async () => {
    const posts = await t.ctx.db.selectFrom('posts').select('id').limit(20).execute();
    const query = liveQuery(
      t.ctx.db,
      t.ctx.dialect,
      posts.map((post) => post.id),
      someCitizen,
    );
    const plan = await genericPlanOf(t.ctx.db, query);
    if (t.ctx.dialect === 'sqlite') {
      expect(plan).toMatch(/SEARCH mine USING .*\(post_id=\? AND citizen_id=\?\)/);
    } else {
      expect(plan).toMatch(/using likes_pk on likes mine/);
      expect(plan).not.toContain('likes_by_citizen');
      expect(plan).not.toMatch(/hashed SubPlan|Seq Scan on likes/);
    }
  });

  it("finds which of a stage page's readers like each post by the likes' key, one probe per reader", async () => {
    const posts = await t.ctx.db.selectFrom('posts').select('id').limit(20).execute();
    const readers = await t.ctx.db.selectFrom('citizens').select('id').limit(8).execute();
    const query = readersLikesQuery(
      t.ctx.db,
      t.ctx.dialect,
      posts.map((post) => post.id),
      readers.map((reader) => reader.id),
      readers.map((reader) => reader.id),
    );
    const plan = await genericPlanOf(t.ctx.db, query);
    if (t.ctx.dialect === 'sqlite') {
      expect(plan).toMatch(/SEARCH mine USING .*\(post_id=\? AND citizen_id=\?\)/);
    } else {
      // Both key columns in the index condition: a filter on the citizen would read all of a post's likes.
      expect(plan).toMatch(/Index Cond: \(\(post_id = posts\.id\) AND \(citizen_id = reader\.id\)\)/);
      expect(plan).not.toMatch(/Filter: \(citizen_id|Hash Join|Seq Scan on likes/);
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'reads posts for many readers at once by key: each post, its author, and each pair’s like (PostgreSQL)',
    async () => {
      const posts = await t.ctx.db.selectFrom('posts').select('id').limit(20).execute();
      const readers = await t.ctx.db.selectFrom('citizens').select('id').limit(20).execute();
      const pairs = CompiledQuery.raw(PAIRS_SQL, [posts.map((post) => post.id), readers.map((reader) => reader.id)]);
      const plan = await genericPlanOf(t.ctx.db, { compile: () => pairs });
      expect(plan).toMatch(/Index Cond: \(\(post_id = posts\.id\) AND \(citizen_id = want\.viewer_id\)\)/);
      // (This volume has no friendships: PostgreSQL scans the empty table, as it does for liveQuery.)
      expect(plan).not.toMatch(/Seq Scan on (posts|likes|citizens)|Hash Join|hashed SubPlan/);
    },
  );

  // A statement planned anew on every run costs PostgreSQL more than the read itself: a post's read (one id)
  // used to be planned each time, its generic plan looking ten times dearer (an array is assumed to hold ten).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'settles on one plan for a post and for a page, instead of planning each read anew (PostgreSQL)',
    async () => {
      const posts = await t.ctx.db.selectFrom('posts').select('id').limit(20).execute();
      for (const count of [1, 3, 20]) {
        const ids = posts.slice(0, count).map((post) => post.id);
        const compiled = liveQuery(t.ctx.db, t.ctx.dialect, ids, someCitizen).compile();
        const counts = await t.ctx.db.connection().execute(async (connection) => {
          await connection.executeQuery(CompiledQuery.raw(`prepare settle_probe as ${compiled.sql}`));
          try {
            const run = executeWithLiterals('settle_probe', compiled);
            for (let i = 0; i < 8; i++) await connection.executeQuery(CompiledQuery.raw(run));
            const { rows } = await connection.executeQuery<{ generic_plans: string; custom_plans: string }>(
              CompiledQuery.raw(
                "select generic_plans, custom_plans from pg_prepared_statements where name = 'settle_probe'",
              ),
            );
            return rows[0];
          } finally {
            await sql`deallocate settle_probe`.execute(connection);
          }
        });
        // Five custom plans while PostgreSQL compares, then the generic one for good.
        expect(Number(counts?.generic_plans), `${count} ids`).toBeGreaterThan(0);
        expect(Number(counts?.custom_plans), `${count} ids`).toBeLessThanOrEqual(5);
      }
    },
  );
});
