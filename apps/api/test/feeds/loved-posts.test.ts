import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeLike } from '../../src/domains/likes/like-store.js';
import { deletePost } from '../support/calls.js';
import { befriend, feeds, getPage, hourAgo, idsOf, like, walkFeed } from '../support/feeds.js';
import { type Citizen, createTestApp, machine, type TestApp, unknownId } from '../support/harness.js';

let t: TestApp;
let influencer: Citizen;
let author: Citizen;
let viewer: Citizen;

beforeAll(async () => {
  t = await createTestApp();
  influencer = await t.newCitizen();
  author = await t.newCitizen({ displayName: 'Loved Author' });
  viewer = await t.newCitizen();
});
afterAll(() => t.close());

describe('loved posts (GET /v1/sharing/loved-public-posts/:id and /v1/feed/loved-public-posts/:id)', () => {
  it('lists the public, ready, live posts a creator liked, most recently liked first', async () => {
    // Created in one order, liked in another: the order of the likes wins.
    const [a, b, c] = [
      await t.newPost({ authorId: author.id, caption: 'a' }),
      await t.newPost({ authorId: author.id, caption: 'b' }),
      await t.newPost({ authorId: author.id, caption: 'c' }),
    ] as [string, string, string];
    await like(t, b, influencer.id, hourAgo + 1);
    await like(t, a, influencer.id, hourAgo + 2);
    await like(t, c, influencer.id, hourAgo + 3);

    await befriend(t, author.id, influencer.id);
    const hidden = [
      await t.newPost({ authorId: author.id, sharing: 'private' }),
      await t.newPost({ authorId: author.id, status: 'processing' }),
      await t.newPost({ authorId: author.id }),
    ];
    for (const id of hidden) await like(t, id, influencer.id, hourAgo + 10);
    await deletePost(t, hidden[2] as string, author);
    await like(t, a, viewer.id, hourAgo + 20);

    const shared = await getPage(t, feeds.sharedLoved(influencer.id), machine('content'));
    expect(idsOf(shared)).toEqual([c, a, b]);
    expect(shared.data.map((post) => post.likesOverviewDetails)).toEqual([
      { likesCount: 1, liked: false },
      { likesCount: 2, liked: false },
      { likesCount: 1, liked: false },
    ]);
    expect(shared.data[0]).toMatchObject({ caption: { content: 'c' }, author: { displayName: 'Loved Author' } });

    const asViewer = await getPage(t, feeds.loved(influencer.id), viewer);
    expect(idsOf(asViewer)).toEqual([c, a, b]);
    expect(asViewer.data.map((post) => post.likesOverviewDetails.liked)).toEqual([false, true, false]);
    const asInfluencer = await getPage(t, feeds.loved(influencer.id), influencer);
    expect(asInfluencer.data.map((post) => post.likesOverviewDetails.liked)).toEqual([true, true, true]);
  });

  it('drops a post once it is unliked, and answers a creator with no likes with an empty page', async () => {
    const lover = await t.newCitizen();
    const id = await t.newPost({ authorId: author.id });
    await like(t, id, lover.id, hourAgo);
    expect(idsOf(await getPage(t, feeds.loved(lover.id), viewer))).toEqual([id]);
    await removeLike(t.ctx.db, id, lover.id);
    expect(await getPage(t, feeds.loved(lover.id), viewer)).toEqual({ data: [], continuationToken: null });
  });

  it('answers an unknown creator with 404 on both calls', async () => {
    const asCitizen = await t.request({ method: 'GET', url: feeds.loved(unknownId), as: viewer });
    expect(asCitizen.statusCode).toBe(404);
    expect(asCitizen.json().code).toBe('CITIZEN_NOT_FOUND');
    const asMachine = await t.request({ method: 'GET', url: feeds.sharedLoved(unknownId), as: machine('content') });
    expect(asMachine.statusCode).toBe(404);
  });

  it('pages 45 loved posts by 10 while the creator likes, unlikes and posts are deleted', async () => {
    const lover = await t.newCitizen();
    const loved: string[] = [];
    for (let i = 0; i < 45; i++) {
      const id = await t.newPost({ authorId: author.id });
      await like(t, id, lover.id, hourAgo + i * 1000);
      loved.push(id);
    }
    const order = [...loved].reverse();
    const gone = new Set<string>();
    const likedLater: string[] = [];
    const { ids } = await walkFeed(t, feeds.sharedLoved(lover.id), machine('content'), 10, async (page) => {
      // A new like is the most recent: it belongs to a new first page, not to this session.
      const fresh = await t.newPost({ authorId: author.id });
      await like(t, fresh, lover.id, hourAgo + 100_000 + page);
      likedLater.push(fresh);
      const unliked = order[page * 10 + 13];
      if (unliked) {
        await removeLike(t.ctx.db, unliked, lover.id);
        gone.add(unliked);
      }
      const deleted = order[page * 10 + 17];
      if (deleted) {
        await deletePost(t, deleted, author);
        gone.add(deleted);
      }
      // Liked by someone else: counts change, positions do not.
      const other = order[page * 10 + 11];
      if (other) await like(t, other, viewer.id, Date.now());
    });
    const seen = new Set(ids);
    expect(seen.size).toBe(ids.length);
    // A post removed before its page came is never shown; one removed after it was shown was seen once.
    expect(ids).toEqual(order.filter((id) => seen.has(id) || !gone.has(id)));
    expect(ids.filter((id) => gone.has(id)).length).toBeLessThan(gone.size);
    for (const id of likedLater) expect(seen.has(id)).toBe(false);

    const fresh = await walkFeed(t, feeds.loved(lover.id), viewer, 50);
    expect(fresh.ids).toEqual([...[...likedLater].reverse(), ...order.filter((id) => !gone.has(id))]);
  });
});
