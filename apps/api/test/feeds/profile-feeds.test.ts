import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endFriendship } from '../../src/domains/friends/friend-store.js';
import { deletePost } from '../support/calls.js';
import { befriend, feeds, getPage, idsOf, like, newestFirst, walkFeed } from '../support/feeds.js';
import { type Citizen, createTestApp, machine, type TestApp, unknownId } from '../support/harness.js';

let t: TestApp;
let owner: Citizen;
let friend: Citizen;
let stranger: Citizen;
const posts = { public: [] as string[], private: [] as string[], unready: { public: '', private: '' } };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.newCitizen({ displayName: 'Owner Person', country: 'NZ' });
  friend = await t.newCitizen();
  stranger = await t.newCitizen();
  await befriend(t, owner.id, friend.id);
  // Interleaved on purpose: each feed must pick its own sharing out of one author's history.
  for (let i = 0; i < 3; i++) {
    posts.public.push(await t.newPost({ authorId: owner.id, caption: `public ${i}` }));
    posts.private.push(await t.newPost({ authorId: owner.id, caption: `private ${i}`, sharing: 'private' }));
  }
  posts.unready.public = await t.newPost({ authorId: owner.id, status: 'processing' });
  posts.unready.private = await t.newPost({ authorId: owner.id, status: 'awaiting_upload', sharing: 'private' });
  await t.newPost({ authorId: friend.id, caption: 'someone else' });
});
afterAll(() => t.close());

/** Id order is creation order (UUID v7) to the millisecond; within one millisecond the id itself decides. */

describe('GET /v1/sharing/feed/:username/public', () => {
  it('lists the citizen’s ready public posts newest first, for a machine token with the content scope', async () => {
    const page = await getPage(t, feeds.sharedProfile(owner.username), machine('content'));
    expect(idsOf(page)).toEqual(newestFirst(posts.public));
    expect(page.data[0]).toMatchObject({
      author: { id: owner.id, username: owner.username, displayName: 'Owner Person' },
      caption: { content: expect.stringMatching(/^public \d$/), mentions: [] },
      sharingOptions: 'public',
      likesOverviewDetails: { liked: false },
    });
  });

  it('finds the username case-insensitively and answers an unknown one with 404', async () => {
    const page = await getPage(t, feeds.sharedProfile(owner.username.toUpperCase()), machine('content'));
    expect(idsOf(page)).toEqual(newestFirst(posts.public));
    const res = await t.request({ method: 'GET', url: feeds.sharedProfile('nobody_here'), as: machine('content') });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CITIZEN_NOT_FOUND');
  });
});

describe('GET /v1/feed/:citizenId/private', () => {
  it('shows the private posts to the citizen (with unready ones) and to friends (ready only)', async () => {
    const asOwner = await getPage(t, feeds.privateProfile(owner.id), owner);
    expect(idsOf(asOwner)).toEqual(newestFirst([...posts.private, posts.unready.private]));
    const asFriend = await getPage(t, feeds.privateProfile(owner.id), friend);
    expect(idsOf(asFriend)).toEqual(newestFirst(posts.private));
    expect(asFriend.data.every((post) => post.sharingOptions === 'private')).toBe(true);
  });

  it('refuses anyone else with 403 PRIVATE_FEED_FRIENDS_ONLY, and an unknown citizen with 404', async () => {
    const res = await t.request({ method: 'GET', url: feeds.privateProfile(owner.id), as: stranger });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PRIVATE_FEED_FRIENDS_ONLY', message: expect.stringMatching(/friends/) });
    const unknown = await t.request({
      method: 'GET',
      url: feeds.privateProfile(unknownId),
      as: stranger,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('closes the feed again when the friendship ends', async () => {
    const former = await t.newCitizen();
    await befriend(t, owner.id, former.id);
    expect((await t.request({ method: 'GET', url: feeds.privateProfile(owner.id), as: former })).statusCode).toBe(200);
    await endFriendship(t.ctx.db, owner.id, former.id);
    expect((await t.request({ method: 'GET', url: feeds.privateProfile(owner.id), as: former })).statusCode).toBe(403);
  });
});

describe('GET /v2/feed/profile/public and /private', () => {
  it('lists my own posts of each sharing newest first, including those not ready yet', async () => {
    const mine = await getPage(t, feeds.myPublic(), owner);
    expect(idsOf(mine)).toEqual(newestFirst([...posts.public, posts.unready.public]));
    expect(mine.data.find((post) => post.id === posts.unready.public)?.media.status).toBe('processing');
    const minePrivate = await getPage(t, feeds.myPrivate(), owner);
    expect(idsOf(minePrivate)).toEqual(newestFirst([...posts.private, posts.unready.private]));
  });

  it('is always the caller’s own: a friend sees their own posts, not mine', async () => {
    const page = await getPage(t, feeds.myPublic(), friend);
    expect(page.data.map((post) => post.author.id)).toEqual([friend.id]);
    expect(await getPage(t, feeds.myPrivate(), stranger)).toEqual({ data: [], continuationToken: null });
  });

  it('marks my own likes', async () => {
    const author = await t.newCitizen();
    const id = await t.newPost({ authorId: author.id });
    await like(t, id, author.id, Date.now());
    const page = await getPage(t, feeds.myPublic(), author);
    expect(page.data[0]?.likesOverviewDetails).toEqual({ likesCount: 1, liked: true });
  });
});

describe('paging the profile feeds while the author posts and deletes', () => {
  it('sees every surviving post exactly once and none created after paging began', async () => {
    const author = await t.newCitizen();
    const reader = await t.newCitizen();
    await befriend(t, author.id, reader.id);
    const initial = { public: [] as string[], private: [] as string[] };
    for (let i = 0; i < 45; i++) {
      initial.public.push(await t.newPost({ authorId: author.id }));
      initial.private.push(await t.newPost({ authorId: author.id, sharing: 'private' }));
    }
    const walks = [
      { sharing: 'public', url: feeds.sharedProfile(author.username), as: machine('content') },
      { sharing: 'public', url: feeds.myPublic(), as: author },
      { sharing: 'private', url: feeds.privateProfile(author.id), as: reader },
      { sharing: 'private', url: feeds.myPrivate(), as: author },
    ] as const;
    for (const walk of walks) {
      const order = newestFirst(initial[walk.sharing]);
      const deleted = new Set<string>();
      const created: string[] = [];
      const { ids } = await walkFeed(t, walk.url, walk.as, 10, async (page) => {
        created.push(await t.newPost({ authorId: author.id, sharing: walk.sharing }));
        for (const victim of [order[page * 10 + 3], order[page * 10 + 14]]) {
          if (victim && !deleted.has(victim)) {
            await deletePost(t, victim, author);
            deleted.add(victim);
          }
        }
      });
      const seen = new Set(ids);
      expect(seen.size).toBe(ids.length);
      expect(ids).toEqual(order.filter((id) => seen.has(id) || !deleted.has(id)));
      for (const id of created) expect(seen.has(id)).toBe(false);
      initial[walk.sharing] = initial[walk.sharing].filter((id) => !deleted.has(id)).concat(created);
    }
  });
});
