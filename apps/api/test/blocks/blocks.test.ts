import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagePost } from '../../src/domains/feeds/stage-membership.js';
import { expectError, expectOk } from '../support/answers.js';
import { paths, post, sendFriendRequest } from '../support/calls.js';
import { asCitizen, type Citizen, createTestApp, type TestApp, unknownId } from '../support/harness.js';
import { graph, uniquePrefix, usernames } from '../support/people.js';
import { halfWrites } from '../support/world-state.js';

// Blocks and mutes through the real server (ADR 069). Who may see a post under a block or a mute is held by the
// visibility table (test/posts/visibility.test.ts); here: what a block ends, what it refuses, the people lists,
// what a mute hides and from whom, the lists of blocked and muted citizens, and idempotency.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, as: Citizen) => t.request({ method: 'GET', url, as: asCitizen(as) });
const ids = (body: { data: { id: string }[] }) => body.data.map((item) => item.id);

describe('POST block / unblock', () => {
  it('ends follows both ways, the friendship and a pending request in one go; counts equal a recount', async () => {
    const me = await t.newCitizen();
    const them = await t.newCitizen();
    const other = await t.newCitizen();
    expectOk(await post(t, paths.follow(them.id), me));
    expectOk(await post(t, paths.follow(me.id), them));
    await sendFriendRequest(t, me, them);
    // A friendship with someone else, and their follow, stay as they are.
    const toOther = await sendFriendRequest(t, other, me);
    expectOk(await post(t, paths.approveRequest(toOther), me));
    expectOk(await post(t, paths.follow(me.id), other));

    expect(expectOk(await post(t, paths.block(them.id), me))).toEqual({ citizenId: them.id, blocked: true });
    expect(await halfWrites(t.ctx.db)).toEqual([]);
    const mine = expectOk(await get(paths.myOverview, me));
    expect(mine).toMatchObject({ followersCount: 1, followingCount: 0 });
    expect(expectOk(await get(paths.me, me))).toMatchObject({ friendsCount: 1 });
    const theirs = expectOk(await get(paths.myOverview, them));
    expect(theirs).toMatchObject({ followersCount: 0, followingCount: 0 });
    const requests = await t.ctx.db
      .selectFrom('friend_requests')
      .select('id')
      .where((eb) => eb.or([eb('from_id', '=', me.id), eb('to_id', '=', me.id)]))
      .execute();
    expect(requests).toEqual([]);

    // Idempotent: again, nothing moves; unblocking twice too, and nothing the block ended comes back.
    expectOk(await post(t, paths.block(them.id), me));
    expect(expectOk(await get(paths.myOverview, me))).toMatchObject({ followersCount: 1, followingCount: 0 });
    expect(expectOk(await post(t, paths.unblock(them.id), me))).toEqual({ citizenId: them.id, blocked: false });
    expectOk(await post(t, paths.unblock(them.id), me));
    expect(expectOk(await get(paths.myOverview, them))).toMatchObject({ followersCount: 0, followingCount: 0 });
    expect(await halfWrites(t.ctx.db)).toEqual([]);
  });

  it('ends a friendship the other way round too, and its counts', async () => {
    const me = await t.newCitizen();
    const them = await t.newCitizen();
    await graph(t).befriend(me, them);
    expectOk(await post(t, paths.block(me.id), them));
    expect(expectOk(await get(paths.me, me))).toMatchObject({ friendsCount: 0 });
    expect(await halfWrites(t.ctx.db)).toEqual([]);
  });

  it("lifts only my own block: the other's block of me stands until they lift it", async () => {
    const me = await t.newCitizen();
    const them = await t.newCitizen();
    expectOk(await post(t, paths.block(them.id), me));
    expectOk(await post(t, paths.block(me.id), them));
    // Unblocking someone I never blocked changes nothing and is answered as done.
    const stranger = await t.newCitizen();
    expect(expectOk(await post(t, paths.unblock(stranger.id), me))).toEqual({ citizenId: stranger.id, blocked: false });
    expectOk(await post(t, paths.unblock(them.id), me));
    expectError(await get(paths.profile(them.username), me), 404, 'CITIZEN_NOT_FOUND');
    expectError(await post(t, paths.follow(them.id), me), 403, 'BLOCKED');
    expect(expectOk(await get(paths.blocked, me)).data).toEqual([]);
    expect(
      expectOk(await get(paths.blocked, them)).data.map((item: { citizen: { id: string } }) => item.citizen.id),
    ).toEqual([me.id]);
    expectOk(await post(t, paths.unblock(me.id), them));
    expectOk(await get(paths.profile(them.username), me));
  });

  it('refuses myself (400), an unknown citizen (404), and guests are refused by the access matrix', async () => {
    const me = await t.newCitizen();
    expectError(await post(t, paths.block(me.id), me), 400, 'CANNOT_BLOCK_SELF');
    expectError(await post(t, paths.unblock(me.id), me), 400, 'CANNOT_BLOCK_SELF');
    expectError(await post(t, paths.mute(me.id), me), 400, 'CANNOT_MUTE_SELF');
    expectError(await post(t, paths.block(unknownId), me), 404, 'CITIZEN_NOT_FOUND');
    expectError(await post(t, paths.mute(unknownId), me), 404, 'CITIZEN_NOT_FOUND');
  });
});

describe('while a block stands, either way', () => {
  it('neither can follow, befriend, like the other’s posts or mention the other; each gets a clear 4xx', async () => {
    const blocker = await t.newCitizen();
    const blocked = await t.newCitizen();
    const blockersPost = await t.newPost({ authorId: blocker.id, caption: 'mine' });
    const blockedsPost = await t.newPost({ authorId: blocked.id, caption: 'theirs' });
    expectOk(await post(t, paths.block(blocked.id), blocker));
    for (const [who, other, theirPost] of [
      [blocker, blocked, blockedsPost],
      [blocked, blocker, blockersPost],
    ] as const) {
      expectError(await post(t, paths.follow(other.id), who), 403, 'BLOCKED');
      expectError(await post(t, paths.friendRequest(other.id), who), 403, 'BLOCKED');
      expectError(await post(t, paths.like(theirPost), who), 404, 'POST_NOT_FOUND');
      const picked = await t.request({
        method: 'POST',
        url: '/api/users/v7/creators-content',
        as: asCitizen(who),
        payload: { mediaType: 'image', sharingOptions: 'public', caption: 'hi', mentionRequest: [other.id] },
      });
      expectError(picked, 403, 'BLOCKED');
      const written = await t.request({
        method: 'POST',
        url: '/api/users/v7/creators-content',
        as: asCitizen(who),
        payload: { mediaType: 'image', sharingOptions: 'public', caption: `hi @${other.username}` },
      });
      expectError(written, 403, 'BLOCKED');
      const ownPost = who === blocker ? blockersPost : blockedsPost;
      const edited = await t.request({
        method: 'POST',
        url: paths.caption(ownPost),
        as: asCitizen(who),
        payload: { caption: `hello @${other.username}` },
      });
      expectError(edited, 403, 'BLOCKED');
      // The profile, its overview and the other's posts are answered as if they did not exist.
      expectError(await get(paths.profile(other.username), who), 404, 'CITIZEN_NOT_FOUND');
      expectError(await get(paths.citizenOverview(other.id), who), 404, 'CITIZEN_NOT_FOUND');
      expectError(await get(paths.post(theirPost), who), 404, 'POST_NOT_FOUND');
      // So are the lists about them: their loved posts and their friends-only feed.
      expectError(
        await get(`/api/content/v1/feed/loved-public-posts/${other.id}?size=5`, who),
        404,
        'CITIZEN_NOT_FOUND',
      );
      expectError(await get(`/api/content/v1/feed/${other.id}/private?size=5`, who), 404, 'CITIZEN_NOT_FOUND');
    }
    expect(await halfWrites(t.ctx.db)).toEqual([]);

    // Unblocked, all of it works again.
    expectOk(await post(t, paths.unblock(blocked.id), blocker));
    expectOk(await post(t, paths.follow(blocker.id), blocked));
    expectOk(await post(t, paths.like(blockersPost), blocked));
    expectOk(await get(paths.profile(blocker.username), blocked));
  });

  it('leaves both out of mention search, relevant and mutual lists and suggestions; lists about them are 404', async () => {
    const p = uniquePrefix();
    const g = graph(t);
    const me = await g.citizen(`${p}_me`);
    const them = await g.creator(`${p}_them`, { country: 'IS' });
    const bystander = await g.creator(`${p}_by`, { country: 'IS' });
    const friend = await g.citizen(`${p}_friend`);
    // them and bystander: friends of my friend, followed by my followee, in my country, mutual with my friend.
    await g.befriend(me, friend);
    await g.befriend(friend, them);
    await g.befriend(friend, bystander);
    await g.follow(friend, them, bystander);
    await g.follow(me, friend);
    await t.ctx.db.updateTable('citizens').set({ country: 'IS' }).where('id', '=', me.id).execute();

    const lists = async (who: Citizen) => ({
      mention: usernames(expectOk(await get(`/api/graphs/v3/citizens/search-mention/${p}`, who))),
      relevantCitizens: usernames(expectOk(await get('/api/social/v1/citizens/me/relevant-citizens', who))),
      relevantCreators: usernames(expectOk(await get('/api/social/v1/citizens/me/relevant-creators', who))),
      suggested: usernames(expectOk(await get('/api/social/v1/citizens/me/suggested-creators?size=50', who))),
      profileCitizens: usernames(
        expectOk(await get(`/api/graphs/influencers/profile-relevant-citizens/${friend.id}`, who)),
      ),
      profileCreators: usernames(
        expectOk(await get(`/api/graphs/influencers/profile-relevant-creators/${friend.id}`, who)),
      ),
    });
    const before = await lists(me);
    for (const [name, list] of Object.entries(before)) {
      expect(list, `${name} before the block`).toContain(them.username);
      expect(list, `${name} before the block`).toContain(bystander.username);
    }
    expect(
      usernames(expectOk(await get(`/api/graphs/influencers/mutual-following-connections/${them.id}`, me))),
    ).toEqual([friend.username]);

    expectOk(await post(t, paths.block(me.id), them));
    const after = await lists(me);
    for (const [name, list] of Object.entries(after)) {
      expect(list, `${name} after the block`).not.toContain(them.username);
      expect(list, `${name} after the block`).toContain(bystander.username);
    }
    expect(usernames(expectOk(await get(`/api/graphs/v3/citizens/search-mention/${p}`, them)))).not.toContain(
      me.username,
    );
    for (const url of [
      `/api/graphs/influencers/mutual-following-connections/${them.id}`,
      `/api/graphs/influencers/profile-relevant-citizens/${them.id}`,
      `/api/graphs/influencers/profile-relevant-creators/${them.id}`,
    ]) {
      expectError(await get(url, me), 404, 'CITIZEN_NOT_FOUND');
    }
  });
});

describe('POST mute / unmute', () => {
  it("hides the muted citizen's posts from the muter's stage, hashtag feed and loved lists only", async () => {
    const muter = await t.newCitizen({ country: 'FO' });
    const muted = await t.newCitizen({ country: 'FO' });
    const lover = await t.newCitizen({ country: 'FO' });
    const tag = `muted${uniquePrefix()}`;
    const mutedPost = await t.newPost({ authorId: muted.id, caption: `#${tag}` });
    const mutersPost = await t.newPost({ authorId: muter.id, caption: `#${tag}` });
    for (const [i, id] of [mutedPost, mutersPost].entries()) {
      await stagePost(t.ctx.db, id, ['FO'], 'curated', Date.now() - 10_000 + i);
      expectOk(await post(t, paths.like(id), lover));
    }
    const seen = async (who: Citizen) => ({
      stage: ids(expectOk(await get('/api/content/v9/feed/eight-stage?country=FO&size=50', who))).sort(),
      hashtag: ids(expectOk(await get(`/api/content/v1/feed/hashtags/${tag}?size=50`, who))).sort(),
      loved: ids(expectOk(await get(`/api/content/v1/feed/loved-public-posts/${lover.id}?size=50`, who))).sort(),
    });
    const both = [mutedPost, mutersPost].sort();
    expect(await seen(muter)).toEqual({ stage: both, hashtag: both, loved: both });

    expect(expectOk(await post(t, paths.mute(muted.id), muter))).toEqual({ citizenId: muted.id, muted: true });
    expectOk(await post(t, paths.mute(muted.id), muter));
    expect(await seen(muter)).toEqual({ stage: [mutersPost], hashtag: [mutersPost], loved: [mutersPost] });
    // The muted notices nothing; the profile and the post opened directly still show to the muter.
    expect(await seen(muted)).toEqual({ stage: both, hashtag: both, loved: both });
    expect(expectOk(await get(paths.profile(muted.username), muter))).toMatchObject({ amIMuting: true });
    expect(expectOk(await get(paths.profile(muter.username), muted))).toMatchObject({ amIMuting: false });
    expectOk(await get(paths.post(mutedPost), muter));
    expectOk(await post(t, paths.follow(muted.id), muter));
    expectOk(await post(t, paths.follow(muter.id), muted));

    expect(expectOk(await post(t, paths.unmute(muted.id), muter))).toEqual({ citizenId: muted.id, muted: false });
    expectOk(await post(t, paths.unmute(muted.id), muter));
    expect(await seen(muter)).toEqual({ stage: both, hashtag: both, loved: both });
    expect(expectOk(await get(paths.profile(muted.username), muter))).toMatchObject({ amIMuting: false });
  });
});

describe('GET blocked / muted', () => {
  it('lists mine, newest first, paged with a token the last page lacks; nobody else’s', async () => {
    for (const [act, list] of [
      [paths.block, paths.blocked],
      [paths.mute, paths.muted],
    ] as const) {
      const me = await t.newCitizen();
      const someoneElse = await t.newCitizen();
      const them = [await t.newCitizen(), await t.newCitizen(), await t.newCitizen()];
      for (const other of them) expectOk(await post(t, act(other.id), me));
      expectOk(await post(t, act(them[0]?.id as string), someoneElse));
      const first = expectOk(await get(`${list}?size=2`, me));
      expect(first.data).toHaveLength(2);
      expect(typeof first.continuationToken).toBe('string');
      const second = expectOk(
        await get(`${list}?size=2&continuationToken=${encodeURIComponent(first.continuationToken)}`, me),
      );
      expect(second.continuationToken).toBeNull();
      const listed = [...first.data, ...second.data].map((item: { citizen: { id: string } }) => item.citizen.id);
      expect([...listed].sort()).toEqual(them.map((other) => other.id).sort());
      expect(new Set(listed).size).toBe(3);
      expect(first.data[0]).toMatchObject({ citizen: { amIFollowing: false, isFriends: false } });
      expect(typeof first.data[0].since).toBe('string');
      // Another citizen's token is not valid for my list, and their list holds only theirs.
      expectError(
        await get(`${list}?size=2&continuationToken=${encodeURIComponent(first.continuationToken)}`, someoneElse),
        400,
        'INVALID_CONTINUATION_TOKEN',
      );
      const theirs = expectOk(await get(list, someoneElse));
      expect(theirs.data.map((item: { citizen: { id: string } }) => item.citizen.id)).toEqual([them[0]?.id]);
      expect(theirs.continuationToken).toBeNull();
    }
  });
});
