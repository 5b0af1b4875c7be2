import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../support/answers.js';
import { paths, post } from '../support/calls.js';
import { asCitizen, createTestApp, guest, machine, type TestApp } from '../support/harness.js';

// The public part of a profile for share previews and guests' server rendering: machine token with the
// users scope only, nothing about the caller, and a post count of what the public may see.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sharedProfile = (username: string) => `/api/users/v1/sharing/influencers/profile/${username}`;
const asMachine = machine('users');

describe('GET /v1/sharing/influencers/profile/:username', () => {
  it('shows the public part of a demo profile, the same counts as the citizen view, nothing about the caller', async () => {
    const shared = expectOk(await t.request({ method: 'GET', url: sharedProfile('bob'), as: asMachine }));
    expect(shared).toEqual({
      id: t.world.citizens.bob.id,
      username: 'bob',
      displayName: 'Bob Baker',
      profilePictureUri: null,
      coverPictureUri: null,
      country: 'GB',
      bio: 'Bread, bikes and Brighton.',
      followersCount: 3,
      followingCount: 1,
      friendsCount: 2,
      postsCount: 0,
    });
    const asAlice = expectOk(await t.request({ method: 'GET', url: paths.profile('bob'), as: 'alice' }));
    for (const key of ['followersCount', 'followingCount', 'friendsCount'] as const) {
      expect(shared[key], key).toBe(asAlice[key]);
    }
  });

  it('finds the citizen whatever the case of the username', async () => {
    const shared = expectOk(await t.request({ method: 'GET', url: sharedProfile('CaRoL'), as: asMachine }));
    expect(shared.username).toBe('carol');
  });

  it('counts only the live, ready, public posts that the public feed shows', async () => {
    const author = await t.newCitizen();
    await t.newPost({ authorId: author.id });
    await t.newPost({ authorId: author.id });
    await t.newPost({ authorId: author.id, sharing: 'private' });
    await t.newPost({ authorId: author.id, status: 'processing' });
    const deleted = await t.newPost({ authorId: author.id });
    const gone = await t.request({
      method: 'DELETE',
      url: `/api/users/creators-content/${deleted}`,
      as: author,
      headers: { 'x-api-version': '3.0' },
    });
    expect(gone.statusCode, gone.body).toBe(204);

    const shared = expectOk(await t.request({ method: 'GET', url: sharedProfile(author.username), as: asMachine }));
    expect(shared.postsCount).toBe(2);
    const feed = expectOk(
      await t.request({
        method: 'GET',
        url: `/api/content/v1/sharing/feed/${author.username}/public`,
        as: machine('content'),
      }),
    );
    expect(feed.data).toHaveLength(shared.postsCount);
  });

  it('shows others only the posts they may see: friends count the friends-only ones, the author all of theirs', async () => {
    const author = await t.newCitizen();
    const friend = await t.newCitizen();
    await t.newPost({ authorId: author.id });
    await t.newPost({ authorId: author.id, sharing: 'private' });
    await t.newPost({ authorId: author.id, status: 'processing' });
    const requestId = expectOk(await post(t, paths.friendRequest(author.id), friend), 201).friendRequestId;
    expectOk(await post(t, paths.approveRequest(requestId), author));

    const countAs = async (as: Parameters<TestApp['request']>[0]['as']) => ({
      profile: expectOk(await t.request({ method: 'GET', url: paths.profile(author.username), as })).postsCount,
      overview: expectOk(await t.request({ method: 'GET', url: paths.citizenOverview(author.id), as })).postsCount,
    });
    // A stranger must not learn that friends-only posts exist.
    expect(await countAs('alice')).toEqual({ profile: 1, overview: 1 });
    expect(await countAs(asCitizen(friend))).toEqual({ profile: 2, overview: 2 });
    // The author sees every post of theirs, unfinished ones included (the stored counter).
    expect(await countAs(asCitizen(author))).toEqual({ profile: 3, overview: 3 });
  });

  it('is 404 for an unknown username and 400 for one that cannot exist', async () => {
    expectError(
      await t.request({ method: 'GET', url: sharedProfile('nobody_here'), as: asMachine }),
      404,
      'CITIZEN_NOT_FOUND',
    );
    expectError(await t.request({ method: 'GET', url: sharedProfile('no%20spaces'), as: asMachine }), 400);
    expectError(await t.request({ method: 'GET', url: sharedProfile('x'.repeat(31)), as: asMachine }), 400);
  });

  it('needs a machine token that carries the users scope', async () => {
    expectError(await t.request({ method: 'GET', url: sharedProfile('bob') }), 401);
    expectError(
      await t.request({ method: 'GET', url: sharedProfile('bob'), as: machine('content', 'social') }),
      403,
      'MISSING_SCOPE',
    );
    expectOk(await t.request({ method: 'GET', url: sharedProfile('bob'), as: machine('content', 'users') }));
  });

  it('refuses citizens and guests: they have the profile call of their own', async () => {
    expectError(await t.request({ method: 'GET', url: sharedProfile('bob'), as: 'alice' }), 403, 'WRONG_IDENTITY');
    expectError(await t.request({ method: 'GET', url: sharedProfile('bob'), as: guest }), 403, 'WRONG_IDENTITY');
  });
});
