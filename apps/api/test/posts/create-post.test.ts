import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCitizen, createTestApp, guest, type TestApp, unknownId } from '../support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = '/api/users/v7/creators-content';

describe('POST /v7/creators-content', () => {
  it('creates a post with resolved mentions and hashtags', async () => {
    const res = await t.request({
      method: 'POST',
      url,
      as: 'alice',
      payload: {
        mediaType: 'image',
        caption: 'Sunset with @bob #Golden #hour',
        mentionRequest: [t.world.citizens.carol.id],
        externalLink: 'https://example.org/sunset',
        sharingOptions: 'public',
      },
    });
    expect(res.statusCode).toBe(201);
    const post = res.json();
    expect(post.author.username).toBe('alice');
    expect(post.caption.mentions.map((m: { username: string }) => m.username)).toEqual(['carol', 'bob']);
    expect(post.hashtags).toEqual(['Golden', 'hour']);
    expect(post.media.status).toBe('awaiting_upload');
    expect(post.likesOverviewDetails).toEqual({ likesCount: 0, liked: false });
  });

  it('writes the links and counts with the post, and answers what a later read shows', async () => {
    const author = await t.newCitizen();
    await t.newPost({ authorId: author.id, caption: 'earlier #Known' });
    const res = await t.request({
      method: 'POST',
      url,
      as: author,
      payload: {
        mediaType: 'video',
        caption: 'Two tags #known #Fresh_one for @bob',
        mentionRequest: [t.world.citizens.carol.id],
        sharingOptions: 'private',
      },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    const db = t.ctx.db;
    const tags = await db
      .selectFrom('hashtags')
      .select(['name_key', 'name', 'posts_count'])
      .where('name_key', 'in', ['known', 'fresh_one'])
      .orderBy('name_key')
      .execute();
    // A draft (and a private post) is linked to its tags but counted on none (hashtag-counts.test.ts).
    expect(tags).toEqual([
      { name_key: 'fresh_one', name: 'Fresh_one', posts_count: 0 },
      { name_key: 'known', name: 'Known', posts_count: 1 },
    ]);
    const links = await db.selectFrom('post_hashtags').select('name_key').where('post_id', '=', created.id).execute();
    expect(links.map((link) => link.name_key).sort()).toEqual(['fresh_one', 'known']);
    const mentions = await db
      .selectFrom('post_mentions')
      .select('citizen_id')
      .where('post_id', '=', created.id)
      .execute();
    expect(mentions.map((m) => m.citizen_id).sort()).toEqual(
      [t.world.citizens.carol.id, t.world.citizens.bob.id].sort(),
    );
    const counts = await db.selectFrom('citizens').select('posts_count').where('id', '=', author.id).executeTakeFirst();
    // The draft counts on its author only once its media arrives (ADR 064): the earlier post alone.
    expect(counts?.posts_count).toBe(1);

    // Not cached until it is read: nobody else may read it before its upload, and the upload forgets it.
    expect(t.ctx.caches.posts.get(created.id)).toBeUndefined();
    const read = await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${created.id}`, as: author });
    expect(read.json()).toEqual(created);
  });

  it('refuses a guest with 403 and no token with 401', async () => {
    const payload = { mediaType: 'image', sharingOptions: 'public' };
    expect((await t.request({ method: 'POST', url, as: guest, payload })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url, payload })).statusCode).toBe(401);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const res = await t.request({
      method: 'POST',
      url,
      as: 'alice',
      payload: { mediaType: 'gif', sharingOptions: 'public', externalLink: 'javascript:alert(1)' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['body.mediaType', 'body.externalLink']),
    );
  });

  it('answers 401, not 500, when the token outlived its account', async () => {
    const res = await t.request({
      method: 'POST',
      url,
      as: asCitizen({ id: unknownId, username: 'gone' }),
      payload: { mediaType: 'image', sharingOptions: 'public' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('treats upper-case ids like lower-case ones on both databases', async () => {
    const id = await t.newPost({ authorId: t.world.citizens.alice.id });
    const res = await t.request({
      method: 'GET',
      url: `/api/content/v1/creators-content/${id.toUpperCase()}`,
      as: 'bob',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(id);
  });

  it('refuses an oversize caption or too many mentions, and writes nothing', async () => {
    const before = await t.ctx.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const long = await t.request({
      method: 'POST',
      url,
      as: 'alice',
      payload: { mediaType: 'image', sharingOptions: 'public', caption: 'x'.repeat(2201) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0]).toEqual({
      path: 'body.caption',
      message: 'caption must be at most 2200 characters',
    });
    const unknownMention = await t.request({
      method: 'POST',
      url,
      as: 'alice',
      payload: {
        mediaType: 'image',
        sharingOptions: 'public',
        mentionRequest: ['0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f79'],
      },
    });
    expect(unknownMention.statusCode).toBe(400);
    expect(unknownMention.json().code).toBe('UNKNOWN_MENTION');
    const after = await t.ctx.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
