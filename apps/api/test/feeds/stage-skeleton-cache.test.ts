import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { feeds, getPage, idsOf, stageAt } from '../support/feeds.js';
import { createTestApp, type TestApp, type Who } from '../support/harness.js';
import { statementsDuring } from '../support/statements.js';

// Citizens share a stage page's post ids for STAGE_SKELETON_CACHE_MS; everything else on the page stays theirs
// and live. (The other feed tests run with the cache off, for exact expectations right after writes.)

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { STAGE_SKELETON_CACHE_MS: '60000' } });
});
afterAll(() => t.close());
beforeEach(() => {
  t.ctx.caches.stageHeads.clear();
  t.ctx.caches.citizenStagePages.clear();
  t.ctx.caches.stageSkeletons.clear();
});

const stageUrl = feeds.stage({ country: 'NZ' });
const page = (as: Who, country: string) => getPage(t, feeds.stage({ country }), as);
const like = (postId: string, as: Who) =>
  t.request({ method: 'POST', url: `/api/users/influencers/me/liked-creators-content/${postId}`, as });

describe('the stage skeleton cache', () => {
  it('shares the post ids between citizens, with counts and liked flags live and each their own', async () => {
    const author = await t.newCitizen({ country: 'NZ' });
    const first = await t.newPost({ authorId: author.id });
    await stageAt(t, first, 'NZ', Date.now() - 1000);
    expect(idsOf(await page('alice', 'NZ'))).toEqual([first]);

    // Staged behind the server's back (as the CLI does): citizens see it once the cached page expires.
    const second = await t.newPost({ authorId: author.id });
    await stageAt(t, second, 'NZ', Date.now() - 500);
    expect((await like(first, 'carol')).statusCode).toBe(200);
    const asBob = await page('bob', 'NZ');
    expect(idsOf(asBob)).toEqual([first]);
    expect(asBob.data[0]?.likesOverviewDetails).toEqual({ likesCount: 1, liked: false });
    expect((await page('carol', 'NZ')).data[0]?.likesOverviewDetails).toEqual({ likesCount: 1, liked: true });

    t.ctx.caches.stageHeads.clear();
    t.ctx.caches.citizenStagePages.clear();
    t.ctx.caches.stageSkeletons.clear();
    expect(idsOf(await page('bob', 'NZ'))).toEqual([second, first]);
  });

  it('leaves out a post deleted after its page was cached', async () => {
    const author = await t.newCitizen({ country: 'JP' });
    const kept = await t.newPost({ authorId: author.id });
    const removed = await t.newPost({ authorId: author.id });
    await stageAt(t, kept, 'JP', Date.now() - 1000);
    await stageAt(t, removed, 'JP', Date.now() - 500);
    expect(idsOf(await page('alice', 'JP'))).toEqual([removed, kept]);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/users/creators-content/${removed}`,
      as: author,
    });
    expect(deleted.statusCode).toBe(204);
    expect(idsOf(await page('alice', 'JP'))).toEqual([kept]);
  });

  it('shows a post that a like has just put on the stage on the next page', async () => {
    const author = await t.newCitizen({ country: 'BR' });
    const older = await t.newPost({ authorId: author.id });
    await stageAt(t, older, 'BR', Date.now() - 1000);
    const rising = await t.newPost({ authorId: author.id });
    expect(idsOf(await page('alice', 'BR'))).toEqual([older]);
    for (const fan of ['bob', 'carol', 'dave'] as const) expect((await like(rising, fan)).statusCode).toBe(200);
    expect(t.ctx.config.STAGE_AUTO_LIKES).toBe(3);
    expect(idsOf(await page('alice', 'BR'))).toEqual([rising, older]);
  });

  it('shows citizens a caption edited after the page was shared, at once, and the page as it was to guests', async () => {
    const author = await t.newCitizen({ country: 'KE' });
    const edited = await t.newPost({ authorId: author.id, caption: 'before' });
    await stageAt(t, edited, 'KE', Date.now() - 1000);
    expect((await page('alice', 'KE')).data[0]?.caption.content).toBe('before');
    const res = await t.request({
      method: 'POST',
      url: `/api/users/creators-content/${edited}/caption`,
      as: author,
      payload: { caption: 'after' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await page('bob', 'KE')).data[0]?.caption.content).toBe('after');
    expect((await page('alice', 'KE')).data[0]?.likesOverviewDetails).toEqual({ likesCount: 0, liked: false });
  });

  it('gives each citizen their own likes on the one shared page, whoever read it first', async () => {
    const author = await t.newCitizen({ country: 'PE' });
    const [one, two] = [await t.newPost({ authorId: author.id }), await t.newPost({ authorId: author.id })];
    await stageAt(t, one as string, 'PE', Date.now() - 1000);
    await stageAt(t, two as string, 'PE', Date.now() - 500);
    expect((await like(one as string, 'carol')).statusCode).toBe(200);
    const likesOf = async (as: Who) => (await page(as, 'PE')).data.map((post) => post.likesOverviewDetails);
    expect(await likesOf('bob')).toEqual([
      { likesCount: 0, liked: false },
      { likesCount: 1, liked: false },
    ]);
    expect(await likesOf('carol')).toEqual([
      { likesCount: 0, liked: false },
      { likesCount: 1, liked: true },
    ]);
    expect((await like(two as string, 'bob')).statusCode).toBe(200);
    expect(await likesOf('bob')).toEqual([
      { likesCount: 1, liked: true },
      { likesCount: 1, liked: false },
    ]);
  });

  it('answers citizens who read the shared page together with one live read, each with their own likes', async () => {
    const author = await t.newCitizen({ country: 'UY' });
    const posts: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const id = await t.newPost({ authorId: author.id });
      await stageAt(t, id, 'UY', Date.now() - 1000 + i);
      posts.push(id);
    }
    const readers = await Promise.all(Array.from({ length: 5 }, () => t.newCitizen({ country: 'UY' })));
    // Reader i likes the first i posts (newest first on the page): every reader's answer differs.
    const newestFirst = [...posts].reverse();
    for (const [i, reader] of readers.entries()) {
      for (const post of newestFirst.slice(0, i)) expect((await like(post, reader)).statusCode).toBe(200);
    }
    // Each has read the page before (so the page is shared and their sessions are known, as for a returning
    // reader): now their requests reach the live read in the same turn of the event loop.
    for (const reader of readers) await page(reader, 'UY');

    const { result: pages, statements } = await statementsDuring(t.ctx.db, () =>
      Promise.all(readers.map((reader) => page(reader, 'UY'))),
    );
    const liveReads = statements.filter((text) => /group_concat|string_agg/.test(text));
    // One read each without the sharing; how many requests reach it in one turn is up to the event loop.
    expect(liveReads.length).toBeLessThan(readers.length);
    const counts = [4, 3, 2]; // readers 1–4 like the newest, 2–4 the next, 3–4 the oldest
    for (const [i, answer] of pages.entries()) {
      expect(idsOf(answer)).toEqual(newestFirst);
      expect(answer.data.map((post) => post.likesOverviewDetails)).toEqual(
        counts.map((likesCount, rank) => ({ likesCount, liked: rank < i })),
      );
    }
  });

  it('leaves the posts of an author a reader muted or blocked out of the shared page, read as the page whole would be', async () => {
    const kept = await t.newCitizen({ country: 'PE' });
    const muted = await t.newCitizen({ country: 'PE' });
    const blocked = await t.newCitizen({ country: 'PE' });
    const reader = await t.newCitizen({ country: 'PE' });
    const posts: Record<string, string> = {};
    for (const [i, author] of [kept, muted, blocked].entries()) {
      const id = await t.newPost({ authorId: author.id });
      await stageAt(t, id, 'PE', Date.now() - 1000 + i);
      posts[author.id] = id;
    }
    const relate = (call: string, other: string) =>
      t.request({ method: 'POST', url: `/api/users/influencers/me/${call}/${other}`, as: reader });
    expect((await relate('mute', muted.id)).statusCode).toBe(200);
    expect((await relate('block', blocked.id)).statusCode).toBe(200);
    expect((await like(posts[kept.id] as string, reader)).statusCode).toBe(200);
    // Shared by another citizen first: the reader's page comes from it.
    const whole = await page('alice', 'PE');
    const left = [posts[muted.id], posts[blocked.id]];
    expect(idsOf(whole)).toEqual(expect.arrayContaining([...left, posts[kept.id]]));
    const { result: own, statements } = await statementsDuring(t.ctx.db, () => page(reader, 'PE'));
    // From the shared page: its one live read of likes, blocks and mutes, not a hydration (which reads friendships).
    expect(statements.some((text) => /group_concat|string_agg/.test(text))).toBe(true);
    expect(statements.some((text) => text.includes('friendships'))).toBe(false);
    expect(idsOf(own)).toEqual(idsOf(whole).filter((id) => !left.includes(id)));
    expect(own.data.find((post) => post.id === posts[kept.id])?.likesOverviewDetails).toEqual({
      likesCount: 1,
      liked: true,
    });
    expect(own.continuationToken).toBe(whole.continuationToken);

    // Gzipped, the same answer, from the narrowed page's own template.
    const url = feeds.stage({ country: 'PE' });
    const zipped = await t.request({ method: 'GET', url, as: reader, headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(own);
    // Another reader who muted the same author shares the narrowed page, with their own likes.
    const second = await t.newCitizen({ country: 'PE' });
    const mutedToo = await t.request({ method: 'POST', url: `/api/users/influencers/me/mute/${muted.id}`, as: second });
    expect(mutedToo.statusCode).toBe(200);
    const theirs = await page(second, 'PE');
    expect(idsOf(theirs)).toEqual(idsOf(whole).filter((id) => id !== posts[muted.id]));
    expect(theirs.data.find((post) => post.id === posts[kept.id])?.likesOverviewDetails).toEqual({
      likesCount: 1,
      liked: false,
    });

    // The same answer when the reader is the first to read the page (the stage read for them).
    t.ctx.caches.citizenStagePages.clear();
    t.ctx.caches.stageSkeletons.clear();
    const read = await page(reader, 'PE');
    expect(idsOf(read)).toEqual(idsOf(own));
    expect(read.data).toEqual(own.data);
  });

  it("sends a citizen's page gzipped from the shared page's text compressed once, with their own likes", async () => {
    const author = await t.newCitizen({ country: 'NZ' });
    const reader = await t.newCitizen({ country: 'NZ' });
    const posts: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const id = await t.newPost({ authorId: author.id, caption: `Day ${i} on the harbour, with #boats and #sea` });
      await stageAt(t, id, 'NZ', Date.now() - 100 - i);
      posts.push(id);
    }
    expect((await like(posts[1] as string, reader)).statusCode).toBe(200);
    const gzip = { 'accept-encoding': 'gzip, deflate, br' };
    const zipped = await t.request({ method: 'GET', url: stageUrl, as: reader, headers: gzip });
    const plain = await t.request({ method: 'GET', url: stageUrl, as: reader });

    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    // The same answer: the likes written in are padded with JSON's whitespace to the template's holes.
    const page = JSON.parse(gunzipSync(zipped.rawPayload).toString());
    expect(page).toEqual(JSON.parse(plain.body));
    const likes = new Map(
      page.data.map((post: { id: string; likesOverviewDetails: object }) => [post.id, post.likesOverviewDetails]),
    );
    expect(likes.get(posts[1])).toEqual({ likesCount: 1, liked: true });
    expect(likes.get(posts[0])).toEqual({ likesCount: 0, liked: false });

    // Another citizen reads the same shared page with their own likes, not the first reader's.
    const other = await t.request({ method: 'GET', url: stageUrl, as: author, headers: gzip });
    const theirs = JSON.parse(gunzipSync(other.rawPayload).toString());
    expect(theirs.data.find((post: { id: string }) => post.id === posts[1]).likesOverviewDetails).toEqual({
      likesCount: 1,
      liked: false,
    });
  });
});
