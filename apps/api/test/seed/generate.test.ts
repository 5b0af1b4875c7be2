import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { timelineAsOf020 } from '../../src/db/migrations/020-following-timelines.js';
import { streamPosts } from '../../src/domains/feeds/following-streams.js';
import { extractHashtags } from '../../src/domains/posts/caption.js';
import { type GenerateSummary, generateDataset } from '../../src/seed/generate/generate.js';
import { indexNames } from '../support/indexes.js';
import { closeContext, createTempDatabase, type TempDatabase } from '../support/temp-database.js';

const until = Date.parse('2026-06-01T12:00:00Z');
const size = { citizens: 200, posts: 2_000, likes: 5_000, follows: 1_500, friendships: 150, imagePool: 4 };

let db: TempDatabase;
let ctx: AppContext;
let summary: GenerateSummary;
let indexesBefore: string[];
let foreignKeysBefore: string[];

/** Foreign keys present (PostgreSQL) or violated (SQLite checks them all at once). */
const foreignKeys = async (c: AppContext) =>
  c.dialect === 'postgres'
    ? (
        await sql<{ name: string }>`select conname as name from pg_constraint
          where contype = 'f' and connamespace = current_schema()::regnamespace order by conname`.execute(c.db)
      ).rows.map((row) => row.name)
    : (await sql<{ table: string }>`pragma foreign_key_check`.execute(c.db)).rows.map(
        (row) => `violation in ${row.table}`,
      );

const count = async (query: RawBuilder<unknown>) =>
  Number(((await query.execute(ctx.db)).rows[0] as { n: number | string } | undefined)?.n);

beforeAll(async () => {
  db = await createTempDatabase();
  ctx = await db.open();
  indexesBefore = (await indexNames(ctx)).sort();
  foreignKeysBefore = await foreignKeys(ctx);
  summary = await generateDataset(ctx, { ...size, seed: 'test', until, autoStageLikes: 3 });
});
afterAll(async () => {
  await closeContext(ctx);
  await db.drop();
});

describe('generate', () => {
  it('writes exactly the rows asked for', async () => {
    expect(summary).toMatchObject({ citizens: 200, posts: 2_000, likes: 5_000, follows: 1_500, friendships: 150 });
    expect(await count(sql`select count(*) as n from citizens`)).toBe(200);
    expect(await count(sql`select count(*) as n from posts`)).toBe(2_000);
    expect(await count(sql`select count(*) as n from likes`)).toBe(5_000);
    expect(await count(sql`select count(*) as n from follows`)).toBe(1_500);
    expect(await count(sql`select count(*) as n from friendships`)).toBe(300);
  });

  it('keeps every counter equal to the rows it counts', async () => {
    const mismatches = {
      likes: sql`select count(*) as n from posts p where likes_count <> (select count(*) from likes l where l.post_id = p.id)`,
      posts: sql`select count(*) as n from citizens c where posts_count <> (select count(*) from posts p where p.author_id = c.id)`,
      followers: sql`select count(*) as n from citizens c where followers_count <> (select count(*) from follows f where f.followee_id = c.id)`,
      following: sql`select count(*) as n from citizens c where following_count <> (select count(*) from follows f where f.follower_id = c.id)`,
      friends: sql`select count(*) as n from citizens c where friends_count <> (select count(*) from friendships f where f.citizen_id = c.id)`,
      // A tag counts the posts everyone may see: public and ready (domains/posts/hashtag-links.ts).
      hashtags: sql`select count(*) as n from hashtags h where posts_count <> (select count(*) from post_hashtags l join posts p on p.id = l.post_id where l.name_key = h.name_key and p.sharing = 'public' and p.status = 'ready')`,
    };
    for (const [counter, query] of Object.entries(mismatches)) {
      expect({ counter, rows: await count(query) }).toEqual({ counter, rows: 0 });
    }
    expect(await count(sql`select sum(likes_count) as n from posts`)).toBe(5_000);
    // Friendships are symmetric.
    expect(
      await count(
        sql`select count(*) as n from friendships f where not exists (select 1 from friendships g where g.citizen_id = f.friend_id and g.friend_id = f.citizen_id)`,
      ),
    ).toBe(0);
  });

  it('fills every following timeline as the streams say, and no more', async () => {
    const key = (row: { reader_id: string; post_id: string }) => `${row.reader_id}>${row.post_id}`;
    const stored = await ctx.db.selectFrom('following_timeline').select(['reader_id', 'post_id']).execute();
    const ruled = await streamPosts(ctx.db, 'everyone').execute();
    // And as migration 020 writes them for data it finds, a formulation of the rule of its own.
    const frozen = (await sql<{ reader_id: string; post_id: string }>`${timelineAsOf020}`.execute(ctx.db)).rows;
    expect(frozen.map(key).sort()).toEqual(ruled.map(key).sort());
    expect(stored.length).toBeGreaterThan(2_000);
    expect(stored.map(key).sort()).toEqual(ruled.map(key).sort());
  });

  it('mints UUID v7 ids in time order, backdated to each row', async () => {
    const posts = await ctx.db.selectFrom('posts').select(['id', 'created_at']).orderBy('id').execute();
    const times = posts.map((post) => post.created_at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const post of posts.slice(0, 50)) {
      expect(post.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(Number.parseInt(post.id.replaceAll('-', '').slice(0, 12), 16)).toBe(post.created_at);
    }
    expect(Math.max(...times)).toBeLessThanOrEqual(until);
    const likesBeforePost = await count(
      sql`select count(*) as n from likes l join posts p on p.id = l.post_id where l.created_at < p.created_at or l.created_at > ${until}`,
    );
    expect(likesBeforePost).toBe(0);
  });

  it('makes a share of posts private and stages only public posts on their author’s country', async () => {
    expect(summary.privatePosts).toBeGreaterThan(200);
    expect(summary.privatePosts).toBeLessThan(600);
    expect(await count(sql`select count(*) as n from stage_entries`)).toBe(summary.stageEntries);
    expect(summary.stageEntries).toBeGreaterThan(0);
    const misplaced = sql`select count(*) as n from stage_entries s join posts p on p.id = s.post_id
      join citizens c on c.id = p.author_id where p.sharing <> 'public' or s.country <> c.country or s.staged_at < p.created_at`;
    expect(await count(misplaced)).toBe(0);
    const autoWithFewLikes = sql`select count(*) as n from stage_entries s join posts p on p.id = s.post_id
      where s.source = 'auto' and p.likes_count < 3`;
    expect(await count(autoWithFewLikes)).toBe(0);
  });

  it('writes captions whose hashtags, links and mentions match their rows', async () => {
    const posts = await ctx.db.selectFrom('posts').select(['id', 'caption', 'hashtags', 'mention_ids']).execute();
    const tagged = new Map<string, string[]>();
    for (const row of await ctx.db.selectFrom('post_hashtags').selectAll().execute()) {
      tagged.set(row.post_id, [...(tagged.get(row.post_id) ?? []), row.name_key]);
    }
    for (const post of posts) {
      const tags = extractHashtags(post.caption);
      expect(JSON.parse(post.hashtags)).toEqual(tags);
      expect((tagged.get(post.id) ?? []).sort()).toEqual(tags.map((tag) => tag.toLowerCase()).sort());
    }
    expect(posts.filter((post) => post.caption.includes('#')).length).toBeGreaterThan(1_000);
    const mentions = await count(sql`select count(*) as n from post_mentions`);
    expect(mentions).toBe(posts.filter((post) => post.mention_ids !== '[]').length);
    expect(mentions).toBeGreaterThan(0);
  });

  it('rebuilds every index and foreign key it dropped for the load, and every reference holds', async () => {
    expect((await indexNames(ctx)).sort()).toEqual(indexesBefore);
    expect(await foreignKeys(ctx)).toEqual(foreignKeysBefore);
    if (ctx.dialect === 'postgres') expect(foreignKeysBefore).toContain('likes_post_id_fkey');
    else expect(foreignKeysBefore).toEqual([]);
  });

  it('gives real pictures to posts and citizens', async () => {
    const images = await ctx.db.selectFrom('posts').select('image_uri').distinct().execute();
    expect(images.length).toBe(4);
    expect(images.every((row) => row.image_uri?.startsWith('/media/generated/'))).toBe(true);
  });

  it('refuses to run twice on the same database, leaving it as it was', async () => {
    await expect(generateDataset(ctx, { ...size, seed: 'test', until })).rejects.toThrow(/already holds generated/);
    expect(await count(sql`select count(*) as n from posts`)).toBe(2_000);
  });

  it('refuses impossible sizes with a clear message', async () => {
    await expect(generateDataset(ctx, { citizens: 3, posts: 1, likes: 5, until })).rejects.toThrow(
      /5 likes do not fit: each post can have at most 2/,
    );
  });

  it('is deterministic for a seed and an end time', async () => {
    const again = await createTempDatabase();
    const other = await again.open();
    try {
      await generateDataset(other, { ...size, seed: 'test', until, autoStageLikes: 3 });
      const digest = async (c: AppContext) => ({
        posts: await c.db
          .selectFrom('posts')
          .select(['id', 'caption', 'likes_count', 'sharing'])
          .orderBy('id')
          .execute(),
        likes: await c.db
          .selectFrom('likes')
          .select(['post_id', 'citizen_id'])
          .orderBy('post_id')
          .orderBy('citizen_id')
          .execute(),
        stage: await c.db.selectFrom('stage_entries').selectAll().orderBy('post_id').execute(),
      });
      expect(await digest(other)).toEqual(await digest(ctx));
    } finally {
      await closeContext(other);
      await again.drop();
    }
  });
});
