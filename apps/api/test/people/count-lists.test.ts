import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderate } from '../../src/cli/commands/moderation.js';
import { expectError, expectOk } from '../support/answers.js';
import { paths, post, sendFriendRequest } from '../support/calls.js';
import { asCitizen, type Citizen, createTestApp, type TestApp, unknownId } from '../support/harness.js';

// The lists behind the counts (issue 51) through the real server: who follows a citizen, whom they follow, their
// friends, and who liked a post; their order for the reader, paging, blocks, suspensions and a friends-only post.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

interface Page {
  data: { id: string; username: string; amIFollowing: boolean; isFriends: boolean }[];
  total: number;
}
const list = async (who: Citizen, url: string): Promise<Page> =>
  expectOk(await t.request({ method: 'GET', url, as: asCitizen(who) }));
const lists = {
  followers: (id: string, query = '') => `/api/graphs/v1/citizens/${id}/followers${query}`,
  following: (id: string, query = '') => `/api/graphs/v1/citizens/${id}/following${query}`,
  friends: (id: string, query = '') => `/api/graphs/v1/citizens/${id}/friends${query}`,
  likers: (postId: string, query = '') => `/api/social/v1/creators-content/${postId}/likers${query}`,
};
type Citizens<N extends number, T extends Citizen[] = []> = T['length'] extends N ? T : Citizens<N, [...T, Citizen]>;
/** `count` fresh citizens, as a tuple a destructuring may name. */
const citizens = async <N extends number>(count: N) =>
  (await Promise.all(Array.from({ length: count }, () => t.newCitizen()))) as Citizens<N>;
const names = (page: Page) => page.data.map((person) => person.username);

async function befriend(a: Citizen, b: Citizen): Promise<void> {
  const requestId = await sendFriendRequest(t, a, b);
  expectOk(await post(t, paths.approveRequest(requestId), b));
}

describe('the lists behind the counts', () => {
  it('lists followers, following and friends, my friends first, then whom I follow, with how I stand to each', async () => {
    const [star, me, friendOfMine, followedByMe, stranger] = await citizens(5);
    await befriend(me, friendOfMine);
    expectOk(await post(t, paths.follow(followedByMe.id), me));
    for (const fan of [stranger, followedByMe, friendOfMine]) expectOk(await post(t, paths.follow(star.id), fan));
    expectOk(await post(t, paths.follow(stranger.id), star));
    await befriend(star, followedByMe);

    const followers = await list(me, lists.followers(star.id));
    expect(followers.total).toBe(3);
    expect(names(followers)).toEqual([friendOfMine.username, followedByMe.username, stranger.username]);
    expect(followers.data[0]).toMatchObject({ isFriends: true });
    expect(followers.data[1]).toMatchObject({ amIFollowing: true, isFriends: false });
    expect(followers.data[2]).toMatchObject({ amIFollowing: false, isFriends: false });

    expect(names(await list(me, lists.following(star.id)))).toEqual([stranger.username]);
    expect(names(await list(me, lists.friends(star.id)))).toEqual([followedByMe.username]);
    expect(names(await list(me, lists.friends(me.id)))).toEqual([friendOfMine.username]);
  });

  it('pages without repeats or gaps', async () => {
    const star = await t.newCitizen();
    const fans = await citizens(7);
    for (const fan of fans) expectOk(await post(t, paths.follow(star.id), fan));
    const seen: string[] = [];
    for (let offset = 0; offset < 8; offset += 3) {
      const page = await list(star, lists.followers(star.id, `?limit=3&offset=${offset}`));
      expect(page.total).toBe(7);
      seen.push(...names(page));
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(fans.map((fan) => fan.username)));
  });

  it('leaves out whoever a block stands between, and is a 404 for a citizen I may not see', async () => {
    const [star, me, blocked, blocker, suspended] = await citizens(5);
    for (const fan of [blocked, blocker, suspended, me]) expectOk(await post(t, paths.follow(star.id), fan));
    expectOk(await post(t, paths.block(blocked.id), me));
    expectOk(await post(t, paths.block(me.id), blocker));
    await moderate(t.ctx, { action: 'suspend', username: suspended.username, note: 'spam', reason: 'spam' });
    expect(names(await list(me, lists.followers(star.id)))).toEqual([me.username]);

    for (const hidden of [blocked, blocker, suspended]) {
      for (const url of [lists.followers(hidden.id), lists.following(hidden.id), lists.friends(hidden.id)]) {
        expectError(await t.request({ method: 'GET', url, as: asCitizen(me) }), 404);
      }
    }
    expectError(await t.request({ method: 'GET', url: lists.followers(unknownId), as: asCitizen(me) }), 404);
  });

  it('lists who liked a post, for those who may see it; a friends-only post’s likers are a 404 to a stranger', async () => {
    const [author, friend, fan, stranger] = await citizens(4);
    await befriend(author, friend);
    const open = await t.newPost({ authorId: author.id, imageUri: '/media/p/x/1080.webp' });
    const closed = await t.newPost({ authorId: author.id, sharing: 'private', imageUri: '/media/p/y/1080.webp' });
    for (const liker of [fan, friend]) expectOk(await post(t, paths.like(open), liker));
    expectOk(await post(t, paths.like(closed), friend));

    const likers = await list(stranger, lists.likers(open));
    expect(likers.total).toBe(2);
    expect(new Set(names(likers))).toEqual(new Set([fan.username, friend.username]));
    expect(names(await list(author, lists.likers(closed)))).toEqual([friend.username]);
    expectError(await t.request({ method: 'GET', url: lists.likers(closed), as: asCitizen(stranger) }), 404);
    expectError(await t.request({ method: 'GET', url: lists.likers(unknownId), as: asCitizen(stranger) }), 404);
  });
});
