import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../support/answers.js';
import { observe, paths, post } from '../support/calls.js';
import { asCitizen, createTestApp, guest, machine, type TestApp, unknownId } from '../support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST follow / unfollow', () => {
  it('follows and unfollows idempotently; profiles and overviews follow suit and never go below 0', async () => {
    const me = await t.newCitizen();
    const them = await t.newCitizen();
    const see = observe(t);

    expect(expectOk(await post(t, paths.follow(them.id), me))).toEqual({
      citizenId: them.id,
      amIFollowing: true,
      followingCount: 1,
    });
    expect(expectOk(await post(t, paths.follow(them.id), me)).followingCount).toBe(1);
    expect(await see.profile(me, them)).toMatchObject({ amIFollowing: true, isFollowingMe: false, followersCount: 1 });
    expect(await see.profile(them, me)).toMatchObject({ amIFollowing: false, isFollowingMe: true, followingCount: 1 });
    expect(await see.overview(me, them)).toMatchObject({ followersCount: 1, followingCount: 0 });
    expect(expectOk(await t.request({ method: 'GET', url: paths.myOverview, as: asCitizen(me) }))).toMatchObject({
      citizenId: me.id,
      followingCount: 1,
      followersCount: 0,
    });

    expect(expectOk(await post(t, paths.unfollow(them.id), me))).toEqual({
      citizenId: them.id,
      amIFollowing: false,
      followingCount: 0,
    });
    expect(expectOk(await post(t, paths.unfollow(them.id), me)).followingCount).toBe(0);
    expect(await see.profile(me, them)).toMatchObject({ amIFollowing: false, followersCount: 0 });
    expect(await see.overview(them, me)).toMatchObject({ followingCount: 0, followersCount: 0 });
  });

  it('counts each direction separately when two people follow each other', async () => {
    const a = await t.newCitizen();
    const b = await t.newCitizen();
    const c = await t.newCitizen();
    await post(t, paths.follow(b.id), a);
    await post(t, paths.follow(a.id), b);
    expect(expectOk(await post(t, paths.follow(c.id), a)).followingCount).toBe(2);
    expect(await observe(t).profile(a, b)).toMatchObject({
      amIFollowing: true,
      isFollowingMe: true,
      isFriends: false,
      followersCount: 1,
      followingCount: 1,
    });
    expect(await observe(t).overview(c, a)).toMatchObject({ followersCount: 1, followingCount: 2 });
    await post(t, paths.unfollow(a.id), b);
    expect(await observe(t).profile(a, b)).toMatchObject({ amIFollowing: true, isFollowingMe: false });
  });

  it('refuses following yourself with 400 CANNOT_FOLLOW_SELF', async () => {
    const me = await t.newCitizen();
    expectError(await post(t, paths.follow(me.id), me), 400, 'CANNOT_FOLLOW_SELF');
    expectError(await post(t, paths.unfollow(me.id.toUpperCase()), me), 400, 'CANNOT_FOLLOW_SELF');
    expect(await observe(t).overview(me, me)).toMatchObject({ followersCount: 0, followingCount: 0 });
  });

  it('answers 404 for an unknown citizen and 400 for a malformed id', async () => {
    const me = await t.newCitizen();
    expectError(await post(t, paths.follow(unknownId), me), 404, 'CITIZEN_NOT_FOUND');
    expectError(await post(t, paths.unfollow(unknownId), me), 404, 'CITIZEN_NOT_FOUND');
    expectError(await post(t, paths.follow('alice'), me), 400, 'VALIDATION_FAILED');
    expectError(await post(t, paths.follow(me.id), me, { 'x-api-version': '2.0' }), 400, 'UNSUPPORTED_API_VERSION');
  });

  it('accepts a citizen id in any letter case', async () => {
    const me = await t.newCitizen();
    const them = await t.newCitizen();
    expect(expectOk(await post(t, paths.follow(them.id.toUpperCase()), me)).citizenId).toBe(them.id);
    expect(await observe(t).profile(me, them)).toMatchObject({ amIFollowing: true, followersCount: 1 });
  });

  it('refuses other identities', async () => {
    const them = await t.newCitizen();
    expectError(await t.request({ method: 'POST', url: paths.follow(them.id) }), 401);
    expectError(await t.request({ method: 'POST', url: paths.follow(them.id), as: guest }), 403);
    expectError(await t.request({ method: 'POST', url: paths.unfollow(them.id), as: machine('users') }), 403);
    expect(await observe(t).overview(them, them)).toMatchObject({ followersCount: 0 });
  });
});
