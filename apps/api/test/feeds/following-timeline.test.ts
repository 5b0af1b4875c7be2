import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration020 from '../../src/db/migrations/020-following-timelines.js';
import { streamPosts } from '../../src/domains/feeds/following-streams.js';
import { expectOk } from '../support/answers.js';
import { deletePost, paths, post, sendFriendRequest } from '../support/calls.js';
import { type Citizen, createTestApp, type TestApp } from '../support/harness.js';

/**
 * The following feed's timelines (ADR 081) are written as posts and streams come and go; whatever happens, every
 * reader's rows must be what the rule (following-streams.ts) reads from the follows, friendships and posts
 * themselves, and what migration 020 filled them with for the data it found.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

type Row = { reader_id: string; post_id: string };
const key = (row: Row) => `${row.reader_id}>${row.post_id}`;

async function expectTimelinesAsTheRuleSays(app: TestApp = t) {
  const stored = await app.ctx.db.selectFrom('following_timeline').select(['reader_id', 'post_id']).execute();
  const ruled = await streamPosts(app.ctx.db, 'everyone').execute();
  const frozen = await sql<Row>`${migration020.timelineAsOf020}`.execute(app.ctx.db);
  expect(stored.map(key).sort()).toEqual(ruled.map(key).sort());
  expect(frozen.rows.map(key).sort()).toEqual(ruled.map(key).sort());
  return stored;
}

const call = async (url: string, who: Citizen) => {
  const res = await post(t, url, who);
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
};

describe('following timelines', () => {
  it('follow the rule through posts, follows, friendships, blocks and deletions', async () => {
    const [ana, ben, cleo, dan] = (await Promise.all(
      ['tl_ana', 'tl_ben', 'tl_cleo', 'tl_dan'].map((username) => t.newCitizen({ username })),
    )) as [Citizen, Citizen, Citizen, Citizen];
    const published = async (author: Citizen, sharing: 'public' | 'private') =>
      t.newPost({ authorId: author.id, caption: `${author.username} ${sharing}`, sharing });
    await published(ben, 'public');
    await published(ben, 'private');
    const cleoPublic = await published(cleo, 'public');
    await expectTimelinesAsTheRuleSays();

    // ana follows ben: his public posts (not his friends-only one) come into her timeline at once.
    await call(paths.follow(ben.id), ana);
    const rows = await expectTimelinesAsTheRuleSays();
    expect(rows.filter((row) => row.reader_id === ana.id)).toHaveLength(1);
    // ben and cleo become friends: each reads the other's friends-only posts from then on, old ones included.
    const request = await sendFriendRequest(t, ben, cleo);
    await call(paths.approveRequest(request), cleo);
    await published(cleo, 'private');
    const benPrivate = await published(ben, 'private');
    const anaPublic = await published(ana, 'public');
    await expectTimelinesAsTheRuleSays();
    // dan follows everyone; a deleted post leaves every timeline.
    for (const other of [ana, ben, cleo]) await call(paths.follow(other.id), dan);
    await deletePost(t, benPrivate, ben);
    await expectTimelinesAsTheRuleSays();
    // Unfollow, unfriend, and a block ending a follow and a friendship.
    await call(paths.unfollow(ben.id), ana);
    await call(paths.unfriend(cleo.id), ben);
    const again = await sendFriendRequest(t, cleo, ben);
    await call(paths.approveRequest(again), ben);
    await expectTimelinesAsTheRuleSays();
    await call(paths.block(dan.id), cleo);
    const after = await expectTimelinesAsTheRuleSays();
    // The block ended dan's follow of cleo: her posts left his timeline, ana's stayed.
    const dans = after.filter((row) => row.reader_id === dan.id).map((row) => row.post_id);
    expect(dans).not.toContain(cleoPublic);
    expect(dans).toContain(anaPublic);
    // A refused follow (blocked) writes nothing.
    expect((await post(t, paths.follow(cleo.id), dan)).statusCode).toBe(403);
    await expectTimelinesAsTheRuleSays();
  });

  it('are what the following feed reads, newest first', async () => {
    const [reader, author] = await Promise.all([t.newCitizen(), t.newCitizen()]);
    await call(paths.follow(author.id), reader);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await t.newPost({ authorId: author.id, caption: `tl ${i}` }));
    const feed = expectOk(await t.request({ method: 'GET', url: '/api/content/v1/feed/following', as: reader }));
    expect(feed.data.map((p: { id: string }) => p.id)).toEqual([...ids].reverse());
  });

  it('are filled by migration 020 from the follows, friendships and posts there were', async () => {
    const before = await createTestApp({ seed: false });
    try {
      const [a, b] = await Promise.all([before.newCitizen(), before.newCitizen()]);
      await before.newPost({ authorId: b.id, caption: 'old public' });
      await before.newPost({ authorId: b.id, caption: 'old private', sharing: 'private' });
      const db = before.ctx.db as unknown as Kysely<unknown>;
      await migration020.down(db);
      // Edges as a build before 020 wrote them: no timelines.
      await before.ctx.db
        .insertInto('follows')
        .values({ follower_id: a.id, followee_id: b.id, created_at: Date.now() })
        .execute();
      await before.ctx.db
        .insertInto('friendships')
        .values([
          { citizen_id: a.id, friend_id: b.id, created_at: Date.now() },
          { citizen_id: b.id, friend_id: a.id, created_at: Date.now() },
        ])
        .execute();
      await migration020.up(db);
      const rows = await expectTimelinesAsTheRuleSays(before);
      expect(rows.filter((row) => row.reader_id === a.id)).toHaveLength(2);
    } finally {
      await before.close();
    }
  });
});
