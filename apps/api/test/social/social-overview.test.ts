import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../support/answers.js';
import { paths, post } from '../support/calls.js';
import { asCitizen, createTestApp, guest, machine, type TestApp, unknownId } from '../support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const v2 = { 'x-api-version': '2.0' };

describe('citizen social overviews', () => {
  it("reads a citizen's counts from the demo graph", async () => {
    const res = await t.request({ method: 'GET', url: paths.citizenOverview(t.world.citizens.alice.id), as: 'heidi' });
    expect(expectOk(res)).toEqual({
      citizenId: t.world.citizens.alice.id,
      followersCount: 5,
      followingCount: 2,
      friendsCount: 1,
      postsCount: 0,
    });
  });

  it('reads my own counts, including posts', async () => {
    const me = await t.newCitizen();
    await t.newPost({ authorId: me.id });
    await t.newPost({ authorId: me.id, sharing: 'private' });
    await post(t, paths.follow(t.world.citizens.bob.id), me);
    expect(expectOk(await t.request({ method: 'GET', url: paths.myOverview, as: asCitizen(me) }))).toEqual({
      citizenId: me.id,
      followersCount: 0,
      followingCount: 1,
      friendsCount: 0,
      postsCount: 2,
    });
  });

  it('answers 404 for an unknown citizen, 400 for a malformed id or version', async () => {
    expectError(
      await t.request({ method: 'GET', url: paths.citizenOverview(unknownId), as: 'alice' }),
      404,
      'CITIZEN_NOT_FOUND',
    );
    expectError(
      await t.request({ method: 'GET', url: paths.citizenOverview('abc'), as: 'alice' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await t.request({ method: 'GET', url: paths.myOverview, as: 'alice', headers: { 'x-api-version': '2.0' } }),
      400,
      'UNSUPPORTED_API_VERSION',
    );
  });
});

describe('GET /feeds/:id/overview', () => {
  it('serves citizens (with their liked flag) and guests', async () => {
    const author = await t.newCitizen();
    const fan = await t.newCitizen();
    const postId = await t.newPost({ authorId: author.id });
    await post(t, paths.like(postId), fan);
    const asFan = await t.request({ method: 'GET', url: paths.postOverview(postId), as: asCitizen(fan), headers: v2 });
    expect(expectOk(asFan)).toEqual({
      contentId: postId,
      likesOverviewDetails: { likesCount: 1, liked: true },
      commentsCount: 0,
    });
    const asGuest = await t.request({ method: 'GET', url: paths.postOverview(postId), as: guest });
    expect(expectOk(asGuest)).toEqual({
      contentId: postId,
      likesOverviewDetails: { likesCount: 1, liked: false },
      commentsCount: 0,
    });
  });

  it('answers "Post Overview not found" for unknown, private, unprocessed and deleted posts', async () => {
    const author = await t.newCitizen();
    const privatePost = await t.newPost({ authorId: author.id, sharing: 'private' });
    const processing = await t.newPost({ authorId: author.id, status: 'processing' });
    const deleted = await t.newPost({ authorId: author.id });
    await t.request({
      method: 'DELETE',
      url: `/api/users/creators-content/${deleted}`,
      as: asCitizen(author),
      headers: { 'x-api-version': '3.0' },
    });
    for (const id of [unknownId, privatePost, processing, deleted]) {
      for (const as of [guest, 'heidi' as const]) {
        const res = await t.request({ method: 'GET', url: paths.postOverview(id), as });
        expectError(res, 404, 'POST_OVERVIEW_NOT_FOUND');
        expect(res.json().message).toBe('Post Overview not found');
      }
    }
    // The author still sees their own private and unprocessed posts.
    for (const id of [privatePost, processing]) {
      expect(
        expectOk(await t.request({ method: 'GET', url: paths.postOverview(id), as: asCitizen(author) })).contentId,
      ).toBe(id);
    }
  });

  it('refuses machines, missing tokens, malformed ids and other versions', async () => {
    const postId = await t.newPost({ authorId: t.world.citizens.alice.id });
    expectError(await t.request({ method: 'GET', url: paths.postOverview(postId) }), 401);
    expectError(await t.request({ method: 'GET', url: paths.postOverview(postId), as: machine('social') }), 403);
    expectError(await t.request({ method: 'GET', url: paths.postOverview('x'), as: guest }), 400, 'VALIDATION_FAILED');
    expectError(
      await t.request({
        method: 'GET',
        url: paths.postOverview(postId),
        as: guest,
        headers: { 'x-api-version': '1.0' },
      }),
      400,
      'UNSUPPORTED_API_VERSION',
    );
  });
});

describe('GET /v1/sharing/:id/overview', () => {
  it('serves public posts to a machine with the social scope, and nothing else', async () => {
    const author = await t.newCitizen();
    const fan = await t.newCitizen();
    const publicPost = await t.newPost({ authorId: author.id });
    const privatePost = await t.newPost({ authorId: author.id, sharing: 'private' });
    await post(t, paths.like(publicPost), fan);
    const res = await t.request({ method: 'GET', url: paths.sharedPostOverview(publicPost), as: machine('social') });
    expect(expectOk(res)).toEqual({
      contentId: publicPost,
      likesOverviewDetails: { likesCount: 1, liked: false },
      commentsCount: 0,
    });

    const hidden = await t.request({
      method: 'GET',
      url: paths.sharedPostOverview(privatePost),
      as: machine('social'),
    });
    expectError(hidden, 404, 'POST_OVERVIEW_NOT_FOUND');
    expect(hidden.json().message).toBe('Post Overview not found');
    expectError(
      await t.request({ method: 'GET', url: paths.sharedPostOverview(unknownId), as: machine('social') }),
      404,
      'POST_OVERVIEW_NOT_FOUND',
    );
    expectError(
      await t.request({ method: 'GET', url: paths.sharedPostOverview(publicPost), as: machine('content') }),
      403,
      'MISSING_SCOPE',
    );
    expectError(
      await t.request({ method: 'GET', url: paths.sharedPostOverview(publicPost), as: asCitizen(author) }),
      403,
    );
    expectError(await t.request({ method: 'GET', url: paths.sharedPostOverview(publicPost), as: guest }), 403);
  });
});

describe('GET /v1/creators-content/social-overview', () => {
  it('returns the visible posts in the order asked, leaving out the rest', async () => {
    const author = await t.newCitizen();
    const fan = await t.newCitizen();
    const [first, second] = [await t.newPost({ authorId: author.id }), await t.newPost({ authorId: author.id })];
    const privatePost = await t.newPost({ authorId: author.id, sharing: 'private' });
    await post(t, paths.like(second), fan);

    const asFan = expectOk(
      await t.request({
        method: 'GET',
        url: paths.postsOverview([second, privatePost, unknownId, first, second]),
        as: asCitizen(fan),
      }),
    );
    expect(asFan.data).toEqual([
      { contentId: second, likesOverviewDetails: { likesCount: 1, liked: true }, commentsCount: 0 },
      { contentId: first, likesOverviewDetails: { likesCount: 0, liked: false }, commentsCount: 0 },
    ]);
    const asAuthor = expectOk(
      await t.request({ method: 'GET', url: paths.postsOverview([privatePost, second]), as: asCitizen(author) }),
    );
    expect(asAuthor.data.map((o: { contentId: string }) => o.contentId)).toEqual([privatePost, second]);
    const asGuest = expectOk(await t.request({ method: 'GET', url: paths.postsOverview([second]), as: guest }));
    expect(asGuest.data).toEqual([
      { contentId: second, likesOverviewDetails: { likesCount: 1, liked: false }, commentsCount: 0 },
    ]);
  });

  it('takes up to 100 ids and refuses more, none, or malformed ones', async () => {
    const postId = await t.newPost({ authorId: t.world.citizens.bob.id });
    const hundred = [postId, ...Array.from({ length: 99 }, () => unknownId)];
    expect(
      expectOk(await t.request({ method: 'GET', url: paths.postsOverview(hundred), as: guest })).data,
    ).toHaveLength(1);
    const tooMany = await t.request({ method: 'GET', url: paths.postsOverview([...hundred, postId]), as: guest });
    expectError(tooMany, 400, 'VALIDATION_FAILED');
    // Repeating contentId is how the list is given, so the answer speaks of its length, not of the repetition.
    expect(tooMany.json().details).toEqual([
      { path: 'querystring.contentId', message: 'at most 100 contentId values per call' },
    ]);
    expectError(
      await t.request({ method: 'GET', url: '/api/social/v1/creators-content/social-overview', as: guest }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await t.request({ method: 'GET', url: paths.postsOverview([postId, 'nope']), as: guest }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await t.request({ method: 'GET', url: paths.postsOverview([postId]) }), 401);
    expectError(await t.request({ method: 'GET', url: paths.postsOverview([postId]), as: machine('social') }), 403);
  });
});
