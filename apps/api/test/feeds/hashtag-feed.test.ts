import { type Compilable, CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/db/ids.js';
import { hashtagPageQuery } from '../../src/domains/feeds/skeletons/hashtag-posts.js';
import { deletePost } from '../support/calls.js';
import { befriend, feeds, getPage, idsOf, like, newestFirst, walkFeed, withPaging } from '../support/feeds.js';
import { type Citizen, createTestApp, guest, machine, type TestApp } from '../support/harness.js';

// GET /api/content/v1/feed/hashtags/:name: public, ready, live posts carrying the tag, newest first.

let t: TestApp;
let author: Citizen;
let friend: Citizen;
let reader: Citizen;
/** The public, ready, live posts tagged #Sunrise, oldest first. */
const tagged: string[] = [];
const hidden = { private: '', processing: '', deleted: '', otherTag: '' };

const hashtagFeed = (name: string) => `/api/content/v1/feed/hashtags/${encodeURIComponent(name)}`;

beforeAll(async () => {
  t = await createTestApp();
  author = await t.newCitizen();
  friend = await t.newCitizen();
  reader = await t.newCitizen();
  await befriend(t, author.id, friend.id);
  const start = Date.now() - 100_000;
  // Interleaved on purpose: the feed must pick the public, ready posts of this tag out of everything else.
  for (let i = 0; i < 7; i++) {
    const spelling = i % 2 === 0 ? '#Sunrise' : '#sunrise';
    tagged.push(
      await t.newPost({
        authorId: i % 3 === 0 ? friend.id : author.id,
        caption: `day ${i} ${spelling}`,
        createdAt: start + i * 1000,
      }),
    );
  }
  hidden.private = await t.newPost({
    authorId: author.id,
    caption: 'friends only #Sunrise',
    sharing: 'private',
    createdAt: start + 500,
  });
  hidden.processing = await t.newPost({
    authorId: author.id,
    caption: 'soon #Sunrise',
    status: 'processing',
    createdAt: start + 1500,
  });
  hidden.deleted = await t.newPost({ authorId: author.id, caption: 'oops #Sunrise', createdAt: start + 2500 });
  hidden.otherTag = await t.newPost({ authorId: author.id, caption: '#sunset', createdAt: start + 3500 });
  await deletePost(t, hidden.deleted, author);
  await like(t, tagged[2] as string, reader.id, Date.now());
});
afterAll(() => t.close());

describe('GET /v1/feed/hashtags/:name', () => {
  it('lists the tag’s public, ready, live posts newest first, for guests and citizens, in any case', async () => {
    for (const name of ['Sunrise', 'sunrise', 'SUNRISE', '#sunrise']) {
      const page = await getPage(t, hashtagFeed(name), guest);
      expect(idsOf(page)).toEqual(newestFirst(tagged));
    }
    const asReader = await getPage(t, hashtagFeed('sunrise'), reader);
    expect(idsOf(asReader)).toEqual(newestFirst(tagged));
    const liked = asReader.data.find((post) => post.id === tagged[2]);
    expect(liked?.likesOverviewDetails).toEqual({ likesCount: 1, liked: true });
    expect(asReader.data[0]).toMatchObject({ sharingOptions: 'public', hashtags: ['Sunrise'] });
  });

  it('never includes a private post, not even for its author or the author’s friends', async () => {
    for (const who of [author, friend, reader, guest]) {
      const { ids } = await walkFeed(t, hashtagFeed('sunrise'), who, 3);
      expect(ids).not.toContain(hidden.private);
      expect(ids).not.toContain(hidden.processing);
      expect(ids).not.toContain(hidden.deleted);
      expect(ids).not.toContain(hidden.otherTag);
    }
  });

  it('pages without duplicates or gaps, and a post tagged while paging waits for a new first page', async () => {
    for (const size of [1, 2, 3, 7, 50]) {
      const { ids, pages } = await walkFeed(t, hashtagFeed('sunrise'), guest, size);
      expect(ids).toEqual(newestFirst(tagged));
      expect(pages).toBe(Math.ceil(tagged.length / size) + 1);
    }
    let added = '';
    const { ids } = await walkFeed(t, hashtagFeed('sunrise'), reader, 2, async (pageIndex) => {
      if (pageIndex === 0) added = await t.newPost({ authorId: author.id, caption: 'late #sunrise' });
    });
    expect(ids).toEqual(newestFirst(tagged));
    const fresh = await getPage(t, withPaging(hashtagFeed('sunrise'), { size: 1 }), reader);
    expect(idsOf(fresh)).toEqual([added]);
    await deletePost(t, added, author);
  });

  it('answers an unknown or deleted-only hashtag with an empty page', async () => {
    for (const name of ['neverused', 'sunris', 'ünbekannt']) {
      expect(await getPage(t, hashtagFeed(name), guest)).toEqual({ data: [], continuationToken: null });
    }
    const lonely = await t.newPost({ authorId: author.id, caption: '#lonelytag' });
    expect(idsOf(await getPage(t, hashtagFeed('lonelytag'), guest))).toEqual([lonely]);
    await deletePost(t, lonely, author);
    expect(await getPage(t, hashtagFeed('lonelytag'), guest)).toEqual({ data: [], continuationToken: null });
  });

  it('finds tags in any script', async () => {
    const id = await t.newPost({ authorId: author.id, caption: 'Marché #Marché #Ελλάδα #東京' });
    for (const name of ['marché', 'MARCHÉ', 'ελλάδα', '東京']) {
      expect(idsOf(await getPage(t, hashtagFeed(name), guest)), name).toEqual([id]);
    }
  });

  it('refuses a tampered token, a token of another feed and a malformed name with 400', async () => {
    const first = await getPage(t, withPaging(hashtagFeed('sunrise'), { size: 2 }), guest);
    const token = first.continuationToken as string;
    const profileFeed = await getPage(
      t,
      withPaging(feeds.sharedProfile(author.username), { size: 1 }),
      machine('content'),
    );
    const sunsetFeed = await getPage(t, withPaging(hashtagFeed('sunset'), { size: 1 }), guest);
    const tokens = [
      `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`,
      'not-a-token',
      profileFeed.continuationToken,
      sunsetFeed.continuationToken,
    ];
    for (const bad of tokens) {
      expect(bad).toEqual(expect.any(String));
      const res = await t.request({
        method: 'GET',
        url: withPaging(hashtagFeed('sunrise'), { continuationToken: bad as string }),
        as: guest,
      });
      expect(res.statusCode, bad ?? '').toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_CONTINUATION_TOKEN',
        message: expect.stringMatching(/start again/),
      });
    }
    for (const name of ['sun-rise', 'a'.repeat(51), 'sun rise', '%27%3B--']) {
      const res = await t.request({ method: 'GET', url: `/api/content/v1/feed/hashtags/${name}`, as: guest });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
  });
});

describe('hashtag skeleton query plan', () => {
  async function planOf(query: Compilable): Promise<string> {
    const compiled = query.compile();
    expect(compiled.sql.toLowerCase()).not.toContain('offset');
    const explain = t.ctx.dialect === 'sqlite' ? 'explain query plan' : 'explain';
    const plan = await t.ctx.db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]),
    );
    return plan.rows.map((row) => row.detail ?? row['QUERY PLAN']).join('\n');
  }

  it('walks post_hashtags_tag in order, stopped by the limit: no full scan, no sort', async () => {
    // Popular tags (750 posts each): a page must walk the tag's index, not gather and sort all its posts.
    const now = Date.now();
    const rows = Array.from({ length: 3000 }, (_, i) => ({ id: newId(now - 900_000 + i), tag: `volume${i % 4}` }));
    const posts = rows.map(({ id }, i) => ({
      id,
      author_id: author.id,
      caption: '',
      mention_ids: '[]',
      hashtags: '[]',
      media_type: 'image' as const,
      sharing: i % 5 === 0 ? ('private' as const) : ('public' as const),
      status: 'ready' as const,
      likes_count: 0,
      created_at: now - 900_000 + i,
      updated_at: now - 900_000 + i,
    }));
    const tags = Array.from({ length: 4 }, (_, i) => ({
      name_key: `volume${i}`,
      name: `volume${i}`,
      posts_count: 750,
      created_at: now,
    }));
    await t.ctx.db.insertInto('hashtags').values(tags).execute();
    for (let i = 0; i < rows.length; i += 400) {
      await t.ctx.db
        .insertInto('posts')
        .values(posts.slice(i, i + 400))
        .execute();
      await t.ctx.db
        .insertInto('post_hashtags')
        .values(rows.slice(i, i + 400).map((row) => ({ post_id: row.id, name_key: row.tag })))
        .execute();
    }
    await sql`analyze`.execute(t.ctx.db);
    for (const after of [undefined, rows[1500]?.id]) {
      const plan = await planOf(hashtagPageQuery(t.ctx.db, 'volume3', after, 20));
      if (t.ctx.dialect === 'sqlite') {
        expect(plan).toContain('post_hashtags_tag');
        expect(plan).not.toMatch(/TEMP B-TREE/);
        expect(plan).not.toMatch(/^SCAN (post_hashtags|posts)$/m);
      } else {
        expect(plan).toMatch(/Index (Only )?Scan Backward/);
        expect(plan).not.toMatch(/Seq Scan on post_hashtags|Sort/);
      }
    }
  });
});
