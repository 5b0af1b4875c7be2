import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.js';
import { halfWrites } from '../support/world-state.js';

// The crash test's checker finds what it is there to find: a counter off its rows, a post missing a link, a
// one-way friendship, a request left beside a friendship.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('halfWrites', () => {
  it('is empty on a consistent database and names each kind of half write', async () => {
    expect(await halfWrites(t.ctx.db)).toEqual([]);
    const [a, b] = [await t.newCitizen(), await t.newCitizen()];
    const postId = await t.newPost({ authorId: a.id, caption: `hi #one #two @${b.username}`, mentionIds: [b.id] });
    // Linked but not counted (ADR 049): a friends-only post and one still processing.
    await t.newPost({ authorId: a.id, caption: 'just us #one', sharing: 'private' });
    await t.newPost({ authorId: a.id, caption: 'soon #two', status: 'processing' });
    expect(await halfWrites(t.ctx.db)).toEqual([]);
    // A draft awaiting its upload counts on nobody (ADR 064): counting it is a half write.
    const draft = await t.newPost({ authorId: a.id, caption: 'draft #two', status: 'awaiting_upload' });
    expect(await halfWrites(t.ctx.db)).toEqual([]);
    await t.ctx.db.updateTable('citizens').set({ posts_count: sql`posts_count + 1` }).where('id', '=', a.id).execute();
    expect((await halfWrites(t.ctx.db)).join('\n')).toContain(`${a.username}: posts_count 4, recount 3`);
    await t.ctx.db.updateTable('citizens').set({ posts_count: sql`posts_count - 1` }).where('id', '=', a.id).execute();
    expect(draft).toMatch(/^[0-9a-f-]{36}$/);

    await t.ctx.db.updateTable('posts').set({ likes_count: 7 }).where('id', '=', postId).execute();
    await t.ctx.db.deleteFrom('post_hashtags').where('post_id', '=', postId).where('name_key', '=', 'two').execute();
    await t.ctx.db.deleteFrom('post_mentions').where('post_id', '=', postId).execute();
    await t.ctx.db.updateTable('citizens').set({ following_count: 3 }).where('id', '=', b.id).execute();
    await t.ctx.db.insertInto('friendships').values({ citizen_id: a.id, friend_id: b.id, created_at: 1 }).execute();
    await t.ctx.db
      .insertInto('friend_requests')
      .values({ id: '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f71', from_id: a.id, to_id: b.id, created_at: 1 })
      .execute();
    await sql`update hashtags set posts_count = posts_count + 1 where name_key = 'one'`.execute(t.ctx.db);

    const problems = (await halfWrites(t.ctx.db)).join('\n');
    expect(problems).toContain(`post ${postId}: likes_count 7, 0 likes`);
    expect(problems).toContain(`post ${postId}: hashtags ["one","two"], links one`);
    expect(problems).toContain(`post ${postId}: mentions ["${b.id}"], links `);
    expect(problems).toContain(`${b.username}: following_count 3, recount 0`);
    expect(problems).toContain(`${a.username}: friends_count 0, recount 1`);
    expect(problems).toContain(`friendship ${a.id} -> ${b.id} without its other half`);
    expect(problems).toContain('friend request 0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f71 still pending between friends');
    expect(problems).toMatch(/#one: posts_count \d+, \d+ counted links/);
  });
});
