import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole, revokeRole } from '../../src/cli/commands/moderation.js';
import { newId } from '../../src/db/ids.js';
import { expectError, expectOk } from '../support/answers.js';
import { paths } from '../support/calls.js';
import { createTestApp, guest, machine, type TestApp } from '../support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The demo graph (seed/demo.ts): alice follows bob and carol; bob, carol, dave, erin and grace follow alice;
// alice and bob are friends; dave has asked alice to be friends.

describe('GET /influencers/me', () => {
  it('shows my own profile with counts from the demo graph', async () => {
    const me = expectOk(
      await t.request({ method: 'GET', url: paths.me, as: 'alice', headers: { 'x-api-version': '5.0' } }),
    );
    expect(me).toMatchObject({
      id: t.world.citizens.alice.id,
      username: 'alice',
      displayName: 'Alice Archer',
      email: 'alice@example.com',
      country: 'GB',
      language: 'en',
      bio: 'Landscapes and long walks.',
      followersCount: 5,
      followingCount: 2,
      friendsCount: 1,
      postsCount: 0,
      roles: [],
    });
    expect(Number.isNaN(Date.parse(me.createdAt))).toBe(false);
  });

  it('names the roles I hold, read with each answer: a role given shows at once and a role taken goes (ADR 073)', async () => {
    const citizen = await t.newCitizen();
    const as = citizen;
    const roles = async () => expectOk(await t.request({ method: 'GET', url: paths.me, as })).roles;
    expect(await roles()).toEqual([]);
    await grantRole(t.ctx, citizen.username, 'moderator');
    expect(await roles()).toEqual(['moderator']);
    // Every call that answers my profile names them alike, so the web's copy of it keeps them after an edit.
    const edited = expectOk(
      await t.request({
        method: 'PUT',
        url: '/api/users/influencers/me/profile',
        as,
        payload: { displayName: 'Mod Erator', bio: '' },
      }),
    );
    expect(edited.roles).toEqual(['moderator']);
    await revokeRole(t.ctx, citizen.username, 'moderator');
    expect(await roles()).toEqual([]);
    // Another citizen's roles are theirs alone.
    await grantRole(t.ctx, citizen.username, 'moderator');
    expect(expectOk(await t.request({ method: 'GET', url: paths.me, as: 'alice' })).roles).toEqual([]);
  });

  it('refuses other versions, identities and a session whose account is gone', async () => {
    expectError(
      await t.request({ method: 'GET', url: paths.me, as: 'alice', headers: { 'x-api-version': '4.0' } }),
      400,
      'UNSUPPORTED_API_VERSION',
    );
    expectError(await t.request({ method: 'GET', url: paths.me }), 401);
    expectError(await t.request({ method: 'GET', url: paths.me, as: guest }), 403);
    expectError(await t.request({ method: 'GET', url: paths.me, as: machine('users') }), 403);
    const ghost = { kind: 'citizen' as const, citizenId: newId(), username: 'ghost' };
    expectError(await t.request({ method: 'GET', url: paths.me, as: ghost }), 401, 'UNAUTHORIZED');
  });
});

describe('GET /influencers/profile/:username', () => {
  it('shows a friend I follow who follows me', async () => {
    expect(expectOk(await t.request({ method: 'GET', url: paths.profile('bob'), as: 'alice' }))).toMatchObject({
      id: t.world.citizens.bob.id,
      username: 'bob',
      displayName: 'Bob Baker',
      bio: 'Bread, bikes and Brighton.',
      coverPictureUri: null,
      isMe: false,
      amIFollowing: true,
      isFollowingMe: true,
      isFriends: true,
      friendRequestDetails: null,
      followersCount: 3,
      followingCount: 1,
      friendsCount: 2,
    });
  });

  it('shows a pending request from both sides', async () => {
    const fromDave = expectOk(await t.request({ method: 'GET', url: paths.profile('dave'), as: 'alice' }));
    expect(fromDave).toMatchObject({ amIFollowing: false, isFollowingMe: true, isFriends: false });
    expect(fromDave.friendRequestDetails).toMatchObject({ isOutFriendRequest: false, status: 'requested' });
    const toAlice = expectOk(await t.request({ method: 'GET', url: paths.profile('alice'), as: 'dave' }));
    expect(toAlice).toMatchObject({ amIFollowing: true, isFollowingMe: false, isFriends: false });
    expect(toAlice.friendRequestDetails).toEqual({ ...fromDave.friendRequestDetails, isOutFriendRequest: true });
  });

  it('shows no relationship between strangers', async () => {
    expect(expectOk(await t.request({ method: 'GET', url: paths.profile('grace'), as: 'heidi' }))).toMatchObject({
      amIFollowing: false,
      isFollowingMe: false,
      isFriends: false,
      friendRequestDetails: null,
      followersCount: 0,
      followingCount: 1,
    });
  });

  it('finds a username whatever its letter case, and marks my own profile', async () => {
    const own = expectOk(await t.request({ method: 'GET', url: paths.profile('ALICE'), as: 'alice' }));
    expect(own).toMatchObject({ username: 'alice', isMe: true, amIFollowing: false, friendRequestDetails: null });
    const mixed = await t.newCitizen({ username: `MiXeD_${Date.now() % 100000}` });
    const found = expectOk(
      await t.request({ method: 'GET', url: paths.profile(mixed.username.toLowerCase()), as: 'bob' }),
    );
    expect(found).toMatchObject({ id: mixed.id, username: mixed.username });
  });

  it('answers 404 for an unknown username and 400 for a malformed one', async () => {
    expectError(
      await t.request({ method: 'GET', url: paths.profile('nobody_here'), as: 'alice' }),
      404,
      'CITIZEN_NOT_FOUND',
    );
    expectError(await t.request({ method: 'GET', url: paths.profile('no'), as: 'alice' }), 400, 'VALIDATION_FAILED');
    expectError(
      await t.request({ method: 'GET', url: paths.profile('bad%20name'), as: 'alice' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await t.request({ method: 'GET', url: paths.profile('x'.repeat(31)), as: 'alice' }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('refuses other identities', async () => {
    expectError(await t.request({ method: 'GET', url: paths.profile('bob') }), 401);
    expectError(await t.request({ method: 'GET', url: paths.profile('bob'), as: guest }), 403);
    expectError(await t.request({ method: 'GET', url: paths.profile('bob'), as: machine('users') }), 403);
  });
});
