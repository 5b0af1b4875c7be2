import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postCache } from '../../src/domains/posts/post-cache.js';
import { editCaption, paths } from '../support/calls.js';
import { befriend, feeds, getPage } from '../support/feeds.js';
import { createTestApp, guest, type TestApp } from '../support/harness.js';
import { statementsDuring } from '../support/statements.js';

// Post content is cached by id between reads (domains/posts/post-cache.ts). Every read must still show what
// the database holds now: each test reads first, so the cache is warm, then writes, then reads again.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function read(id: string, as: Parameters<TestApp['request']>[0]['as'] = 'carol') {
  const res = await t.request({ method: 'GET', url: paths.post(id), as });
  return { status: res.statusCode, body: res.json() };
}

describe('the post content cache', () => {
  it('shows an edited caption on the next read, in the post and in the feeds', async () => {
    const author = await t.newCitizen();
    const id = await t.newPost({ authorId: author.id, caption: 'first words #before' });
    await t.ctx.db
      .insertInto('stage_entries')
      .values({ country: 'GB', post_id: id, staged_at: t.ctx.now(), source: 'curated' })
      .execute();
    expect((await read(id)).body.caption.content).toBe('first words #before');
    expect((await getPage(t, feeds.stage({ country: 'GB' }), 'carol')).data[0]?.caption.content).toBe(
      'first words #before',
    );

    await editCaption(t, id, author, 'second words #after');
    const again = await read(id);
    expect(again.body.caption.content).toBe('second words #after');
    expect(again.body.hashtags).toEqual(['after']);
    const page = await getPage(t, feeds.stage({ country: 'GB' }), 'carol');
    expect(page.data.find((p) => p.id === id)?.caption.content).toBe('second words #after');
  });

  it('shows an edit made within the same millisecond as the cached read (clock fixed)', async () => {
    const author = await t.newCitizen();
    const realNow = t.ctx.now;
    const fixed = realNow();
    t.ctx.now = () => fixed;
    try {
      const id = await t.newPost({ authorId: author.id, caption: 'before' });
      expect((await read(id)).body.caption.content).toBe('before');
      await editCaption(t, id, author, 'after');
      expect((await read(id)).body.caption.content).toBe('after');
    } finally {
      t.ctx.now = realNow;
    }
  });

  it('answers 404 once a cached post is deleted, in the post and its overview', async () => {
    const author = await t.newCitizen();
    const id = await t.newPost({ authorId: author.id });
    expect((await read(id)).status).toBe(200);
    const deleted = await t.request({ method: 'DELETE', url: paths.ownPost(id), as: author });
    expect(deleted.statusCode).toBe(204);
    expect((await read(id)).status).toBe(404);
    expect((await read(id, author)).status).toBe(404);
    expect((await t.request({ method: 'GET', url: paths.postOverview(id), as: guest })).statusCode).toBe(404);
  });

  it('notices a write made elsewhere (another instance) by its updated_at, without being told', async () => {
    const author = await t.newCitizen();
    const id = await t.newPost({ authorId: author.id, caption: 'here' });
    expect((await read(id)).body.caption.content).toBe('here');
    await t.ctx.db
      .updateTable('posts')
      .set({ caption: 'changed elsewhere', updated_at: t.ctx.now() + 1 })
      .where('id', '=', id)
      .execute();
    expect((await read(id)).body.caption.content).toBe('changed elsewhere');
  });

  it('notices a media status change made elsewhere, with the new media', async () => {
    const author = await t.newCitizen();
    const id = await t.newPost({ authorId: author.id, status: 'processing' });
    expect((await read(id, author)).body.media).toMatchObject({ status: 'processing', imageUri: null });
    expect((await read(id)).status).toBe(404);
    await t.ctx.db
      .updateTable('posts')
      .set({ status: 'ready', image_uri: '/media/processed.webp' })
      .where('id', '=', id)
      .execute();
    expect((await read(id)).body.media).toMatchObject({ status: 'ready', imageUri: '/media/processed.webp' });
  });

  it('keeps like counts and my liked flag exact while the content is cached', async () => {
    const author = await t.newCitizen();
    const fan = await t.newCitizen();
    const id = await t.newPost({ authorId: author.id });
    expect((await read(id, fan)).body.likesOverviewDetails).toEqual({ likesCount: 0, liked: false });
    expect((await t.request({ method: 'POST', url: paths.like(id), as: fan })).statusCode).toBe(200);
    expect((await read(id, fan)).body.likesOverviewDetails).toEqual({ likesCount: 1, liked: true });
    expect((await read(id, author)).body.likesOverviewDetails).toEqual({ likesCount: 1, liked: false });
  });

  it('shows a renamed author at once (the author is read with every post)', async () => {
    const author = await t.newCitizen();
    const id = await t.newPost({ authorId: author.id });
    expect((await read(id)).body.author.displayName).toBe(`Test ${author.username}`);
    await t.ctx.db.updateTable('citizens').set({ display_name: 'Renamed' }).where('id', '=', author.id).execute();
    expect((await read(id)).body.author.displayName).toBe('Renamed');
  });
});

describe('bounds', () => {
  it('holds at most POST_CACHE_ENTRIES posts, and reads stay right past that', async () => {
    const small = await createTestApp({ seed: false, env: { POST_CACHE_ENTRIES: '2' } });
    try {
      const author = await small.newCitizen();
      const ids = [];
      for (let i = 0; i < 5; i++) ids.push(await small.newPost({ authorId: author.id, caption: `post ${i}` }));
      for (const [i, id] of ids.entries()) {
        const res = await small.request({ method: 'GET', url: paths.post(id), as: author });
        expect(res.json().caption.content).toBe(`post ${i}`);
      }
      expect(small.ctx.caches.posts.size).toBe(2);
    } finally {
      await small.close();
    }
  });

  it('serves every read from the database when the cache is off', async () => {
    const off = await createTestApp({ seed: false, env: { POST_CACHE_ENTRIES: '0' } });
    try {
      const author = await off.newCitizen();
      const id = await off.newPost({ authorId: author.id, caption: 'uncached' });
      const res = await off.request({ method: 'GET', url: paths.post(id), as: author });
      expect(res.json().caption.content).toBe('uncached');
      expect(off.ctx.caches.posts.size).toBe(0);
    } finally {
      await off.close();
    }
  });
});

describe('postCache', () => {
  const content = (id: string, caption: string) => ({ id, caption }) as never;

  it('does not keep content read before a write to any post was forgotten', () => {
    const cache = postCache(10);
    const before = cache.epoch;
    cache.forget('a'); // a write finished while the read was in flight
    cache.store(content('a', 'stale'), before);
    expect(cache.get('a')).toBeUndefined();
    cache.store(content('a', 'fresh'), cache.epoch);
    expect(cache.get('a')).toEqual({ id: 'a', caption: 'fresh' });
  });
});

describe('reads of posts made at the same moment', () => {
  it('answer each reader with their own likes, friendships and visibility, read together on PostgreSQL', async () => {
    const author = await t.newCitizen();
    const friend = await t.newCitizen();
    const stranger = await t.newCitizen();
    await befriend(t, author.id, friend.id);
    const open = await t.newPost({ authorId: author.id });
    const friendsOnly = await t.newPost({ authorId: author.id, sharing: 'private' });
    expect((await t.request({ method: 'POST', url: paths.like(open), as: friend })).statusCode).toBe(200);
    // Each reader has read before, as a returning reader has: their sessions and the posts' content are known.
    for (const who of [friend, stranger]) for (const id of [open, friendsOnly]) await read(id, who);

    const { result, statements } = await statementsDuring(t.ctx.db, () =>
      Promise.all([read(open, friend), read(open, stranger), read(friendsOnly, friend), read(friendsOnly, stranger)]),
    );
    const [friendOpen, strangerOpen, friendPrivate, strangerPrivate] = result;
    const liveReads = statements.filter((text) => /from "?posts"?|join posts/.test(text));

    expect(friendOpen.body.likesOverviewDetails).toEqual({ likesCount: 1, liked: true });
    expect(strangerOpen.body.likesOverviewDetails).toEqual({ likesCount: 1, liked: false });
    expect(friendPrivate.status).toBe(200);
    expect(friendPrivate.body.id).toBe(friendsOnly);
    expect(strangerPrivate.status).toBe(404);
    // One statement each on SQLite (in process, nothing to save); fewer than one each on PostgreSQL.
    if (t.ctx.dialect === 'postgres') expect(liveReads.length).toBeLessThan(4);
    else expect(liveReads).toHaveLength(4);
  });
});
