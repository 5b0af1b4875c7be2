import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../support/answers.js';
import { asCitizen, type Citizen, createTestApp, type TestApp, unknownId } from '../support/harness.js';
import { graph, uniquePrefix, usernames } from '../support/people.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type List = 'profile-relevant-creators' | 'profile-relevant-citizens' | 'mutual-following-connections';
const list = (me: Citizen, name: List, citizenId: string, query = '') =>
  t.request({ method: 'GET', url: `/api/graphs/influencers/${name}/${citizenId}${query}`, as: asCitizen(me) });

describe('GET /influencers/profile-relevant-creators/:citizenId', () => {
  it('lists creators they follow whom I do not, most followed first, without me or people I dismissed', async () => {
    const p = uniquePrefix();
    const g = graph(t);
    const me = await g.creator(`${p}me`);
    const them = await g.citizen(`${p}them`);
    const popular = await g.creator(`${p}_pop`);
    const tieB = await g.creator(`${p}_tieb`);
    const tieA = await g.creator(`${p}_tiea`);
    const alreadyFollowed = await g.creator(`${p}_mine`);
    const noPosts = await g.citizen(`${p}_lurker`);
    const dismissed = await g.creator(`${p}_gone`);
    await g.follow(them, me, popular, tieB, tieA, alreadyFollowed, noPosts, dismissed);
    await g.follow(me, alreadyFollowed);
    await g.fans(popular, 2);
    expect((await g.dismiss(me, dismissed)).statusCode).toBe(204);

    const body = expectOk(await list(me, 'profile-relevant-creators', them.id));
    expect(usernames(body)).toEqual([popular, tieA, tieB].map((x) => x.username));
    expect(body.total).toBe(3);
    expect(body.data[0]).toMatchObject({ id: popular.id, followersCount: 3, amIFollowing: false, isFriends: false });
  });
});

describe('GET /influencers/profile-relevant-citizens/:citizenId', () => {
  it('lists their friends who are not mine, most followed first, without me or people I dismissed', async () => {
    const p = uniquePrefix();
    const g = graph(t);
    const me = await g.citizen(`${p}me`);
    const them = await g.citizen(`${p}them`);
    const a = await g.citizen(`${p}_a`);
    const b = await g.citizen(`${p}_b`);
    const c = await g.citizen(`${p}_c`);
    const shared = await g.citizen(`${p}_shared`);
    const dismissed = await g.citizen(`${p}_gone`);
    for (const friend of [me, a, b, c, shared, dismissed]) await g.befriend(them, friend);
    await g.befriend(me, shared);
    await g.follow(me, c);
    await g.fans(b, 2);
    expect((await g.dismiss(me, dismissed)).statusCode).toBe(204);

    const body = expectOk(await list(me, 'profile-relevant-citizens', them.id));
    expect(usernames(body)).toEqual([b, c, a].map((x) => x.username));
    expect(body.data.map((x: { amIFollowing: boolean }) => x.amIFollowing)).toEqual([false, true, false]);
    expect(body.total).toBe(3);

    // Paging walks the same order and stops on an empty page.
    const pages = [];
    for (let offset = 0; offset < 10; offset += 2) {
      const page = expectOk(await list(me, 'profile-relevant-citizens', them.id, `?limit=2&offset=${offset}`));
      if (page.data.length === 0) break;
      pages.push(...usernames(page));
    }
    expect(pages).toEqual(usernames(body));
  });
});

describe('GET /influencers/mutual-following-connections/:citizenId', () => {
  it('lists people connected to both of us, my friends first', async () => {
    const p = uniquePrefix();
    const g = graph(t);
    const me = await g.citizen(`${p}me`);
    const them = await g.citizen(`${p}them`);
    const followsThem = await g.citizen(`${p}_f1`);
    const friendOfThem = await g.citizen(`${p}_f2`);
    const myFriend = await g.citizen(`${p}_zfriend`);
    const onlyMine = await g.citizen(`${p}_mine`);
    const onlyTheirs = await g.citizen(`${p}_theirs`);
    await g.follow(me, followsThem, friendOfThem, onlyMine, them);
    await g.befriend(me, myFriend);
    await g.follow(followsThem, them);
    await g.befriend(friendOfThem, them);
    await g.follow(myFriend, them);
    await g.follow(onlyTheirs, them);
    await g.follow(them, me);
    await g.fans(friendOfThem, 1);

    const body = expectOk(await list(me, 'mutual-following-connections', them.id));
    expect(usernames(body)).toEqual([myFriend, friendOfThem, followsThem].map((x) => x.username));
    expect(body.data[0]).toMatchObject({ isFriends: true, amIFollowing: false });
    expect(body.total).toBe(3);
    expect(expectOk(await list(me, 'mutual-following-connections', them.id, '?offset=3'))).toEqual({
      data: [],
      total: 3,
    });
  });
});

describe('the profile lists', () => {
  const lists: List[] = ['profile-relevant-creators', 'profile-relevant-citizens', 'mutual-following-connections'];

  it('answer 404 for an unknown citizen and 400 for a malformed id or paging', async () => {
    const me = await graph(t).citizen(`${uniquePrefix()}me`);
    for (const name of lists) {
      const missing = await list(me, name, unknownId);
      expect(missing.statusCode, name).toBe(404);
      expect(missing.json().code).toBe('CITIZEN_NOT_FOUND');
      expect((await list(me, name, 'not-a-uuid')).statusCode, name).toBe(400);
      for (const query of ['?limit=0', '?limit=101', '?limit=-1', '?limit=abc', '?offset=-1']) {
        expect((await list(me, name, me.id, query)).statusCode, `${name}${query}`).toBe(400);
      }
    }
  });

  it('accept an upper-case id', async () => {
    const g = graph(t);
    const p = uniquePrefix();
    const me = await g.citizen(`${p}me`);
    const them = await g.citizen(`${p}them`);
    const friend = await g.citizen(`${p}friend`);
    await g.befriend(them, friend);
    expect(usernames(expectOk(await list(me, 'profile-relevant-citizens', them.id.toUpperCase())))).toEqual([
      friend.username,
    ]);
  });
});
