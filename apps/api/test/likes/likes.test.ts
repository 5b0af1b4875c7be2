import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/db/ids.js';
import { expectError, expectOk } from '../support/answers.js';
import { observe, paths, post } from '../support/calls.js';
import { asCitizen, createTestApp, guest, type TestApp, unknownId } from '../support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const v3 = { 'x-api-version': '3.0' };

describe('POST liked-creators-content / un-liked-creators-content', () => {
  it('likes and unlikes idempotently; the count never goes below 0, as the overview shows', async () => {
    const author = await t.newCitizen();
    const fan = await t.newCitizen();
    const postId = await t.newPost({ authorId: author.id });

    const liked = expectOk(await post(t, paths.like(postId), fan, v3));
    expect(liked).toEqual({ contentId: postId, likesOverviewDetails: { likesCount: 1, liked: true } });
    expect(expectOk(await post(t, paths.like(postId), fan)).likesOverviewDetails).toEqual({
      likesCount: 1,
      liked: true,
    });
    expect(await observe(t).postOverview(fan, postId)).toEqual({
      contentId: postId,
      likesOverviewDetails: { likesCount: 1, liked: true },
      commentsCount: 0,
    });
    expect(await observe(t).postOverview(author, postId)).toEqual({
      contentId: postId,
      likesOverviewDetails: { likesCount: 1, liked: false },
      commentsCount: 0,
    });

    expect(expectOk(await post(t, paths.unlike(postId), fan, v3)).likesOverviewDetails).toEqual({
      likesCount: 0,
      liked: false,
    });
    expect(expectOk(await post(t, paths.unlike(postId), fan)).likesOverviewDetails).toEqual({
      likesCount: 0,
      liked: false,
    });
    // Someone who never liked it cannot take the count below zero either.
    expect(expectOk(await post(t, paths.unlike(postId), author)).likesOverviewDetails.likesCount).toBe(0);
    expect((await observe(t).postOverview(fan, postId)).likesOverviewDetails).toEqual({ likesCount: 0, liked: false });
  });

  it('counts likes from several citizens and shows each their own liked flag', async () => {
    const author = await t.newCitizen();
    const [a, b] = [await t.newCitizen(), await t.newCitizen()];
    const postId = await t.newPost({ authorId: author.id });
    await post(t, paths.like(postId), a);
    expect(expectOk(await post(t, paths.like(postId), b)).likesOverviewDetails.likesCount).toBe(2);
    await post(t, paths.unlike(postId), a);
    expect((await observe(t).postOverview(a, postId)).likesOverviewDetails).toEqual({ likesCount: 1, liked: false });
    expect((await observe(t).postOverview(b, postId)).likesOverviewDetails).toEqual({ likesCount: 1, liked: true });
  });

  it('lets the author and friends like a private post, and answers 404 to anyone else', async () => {
    const author = await t.newCitizen();
    const friend = await t.newCitizen();
    const stranger = await t.newCitizen();
    const requestId = expectOk(await post(t, paths.friendRequest(friend.id), author), 201).friendRequestId;
    expectOk(await post(t, paths.approveRequest(requestId), friend));
    const postId = await t.newPost({ authorId: author.id, sharing: 'private' });

    expectError(await post(t, paths.like(postId), stranger), 404, 'POST_NOT_FOUND');
    expectError(await post(t, paths.unlike(postId), stranger), 404, 'POST_NOT_FOUND');
    expect(expectOk(await post(t, paths.like(postId), friend)).likesOverviewDetails.likesCount).toBe(1);
    expect(expectOk(await post(t, paths.like(postId), author)).likesOverviewDetails.likesCount).toBe(2);

    // After unfriending, the private post is out of reach again.
    expectOk(await post(t, paths.unfriend(author.id), friend));
    expectError(await post(t, paths.unlike(postId), friend), 404, 'POST_NOT_FOUND');
  });

  it('answers 404 for unknown, deleted and unprocessed posts of others', async () => {
    const author = await t.newCitizen();
    const fan = await t.newCitizen();
    expectError(await post(t, paths.like(unknownId), fan), 404, 'POST_NOT_FOUND');
    expectError(await post(t, paths.unlike(unknownId), fan), 404, 'POST_NOT_FOUND');

    const processing = await t.newPost({ authorId: author.id, status: 'processing' });
    expectError(await post(t, paths.like(processing), fan), 404, 'POST_NOT_FOUND');
    expect(expectOk(await post(t, paths.like(processing), author)).likesOverviewDetails.likesCount).toBe(1);

    const doomed = await t.newPost({ authorId: author.id });
    expectOk(await post(t, paths.like(doomed), fan));
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/users/creators-content/${doomed}`,
      as: asCitizen(author),
      headers: v3,
    });
    expect(deleted.statusCode).toBe(204);
    expectError(await post(t, paths.like(doomed), fan), 404, 'POST_NOT_FOUND');
    expectError(await post(t, paths.unlike(doomed), fan), 404, 'POST_NOT_FOUND');
  });

  it('finds a post whatever the letter case of its id', async () => {
    const author = await t.newCitizen();
    const fan = await t.newCitizen();
    const postId = await t.newPost({ authorId: author.id });
    const res = expectOk(await post(t, paths.like(postId.toUpperCase()), fan));
    expect(res.contentId).toBe(postId);
    expect((await observe(t).postOverview(fan, postId)).likesOverviewDetails).toEqual({ likesCount: 1, liked: true });
  });

  it('rejects malformed ids and unknown versions with 400', async () => {
    const fan = await t.newCitizen();
    const postId = await t.newPost({ authorId: (await t.newCitizen()).id });
    expectError(await post(t, paths.like('not-a-uuid'), fan), 400, 'VALIDATION_FAILED');
    expectError(await post(t, paths.unlike('1234'), fan), 400, 'VALIDATION_FAILED');
    expectError(await post(t, paths.like(postId), fan, { 'x-api-version': '2.0' }), 400, 'UNSUPPORTED_API_VERSION');
    expectError(await post(t, paths.unlike(postId), fan, { 'x-api-version': '9' }), 400, 'UNSUPPORTED_API_VERSION');
    // None of the refused calls changed anything.
    expect((await observe(t).postOverview(fan, postId)).likesOverviewDetails).toEqual({ likesCount: 0, liked: false });
  });

  it('refuses guests, machines and missing tokens, and a session whose account is gone', async () => {
    const postId = await t.newPost({ authorId: (await t.newCitizen()).id });
    expectError(await t.request({ method: 'POST', url: paths.like(postId) }), 401);
    expectError(await t.request({ method: 'POST', url: paths.like(postId), as: guest }), 403, 'WRONG_IDENTITY');
    const ghost = { kind: 'citizen' as const, citizenId: newId(), username: 'ghost' };
    expectError(await t.request({ method: 'POST', url: paths.like(postId), as: ghost }), 401, 'UNAUTHORIZED');
  });
});

describe('automatic staging', () => {
  const stageOf = (postId: string) =>
    t.ctx.db.selectFrom('stage_entries').selectAll().where('post_id', '=', postId).execute();

  it("puts a public ready post on its author's country stage when it reaches the like threshold", async () => {
    const threshold = t.ctx.config.STAGE_AUTO_LIKES;
    const author = await t.newCitizen({ country: 'DE' });
    const postId = await t.newPost({ authorId: author.id });
    const fans = await Promise.all(Array.from({ length: threshold }, () => t.newCitizen()));
    for (const fan of fans.slice(0, -1)) expectOk(await post(t, paths.like(postId), fan));
    expect(await stageOf(postId)).toEqual([]);
    const last = fans.at(-1);
    if (!last) throw new Error('STAGE_AUTO_LIKES must be at least 1');
    expect(expectOk(await post(t, paths.like(postId), last)).likesOverviewDetails.likesCount).toBe(threshold);
    expect(await stageOf(postId)).toEqual([expect.objectContaining({ country: 'DE', source: 'auto' })]);
  });

  it('leaves private posts off the stage whatever their likes', async () => {
    const threshold = t.ctx.config.STAGE_AUTO_LIKES;
    const author = await t.newCitizen({ country: 'FR' });
    const postId = await t.newPost({ authorId: author.id, sharing: 'private' });
    const likers = [author];
    for (let i = 1; i < threshold + 1; i++) {
      const friend = await t.newCitizen();
      const requestId = expectOk(await post(t, paths.friendRequest(author.id), friend), 201).friendRequestId;
      expectOk(await post(t, paths.approveRequest(requestId), author));
      likers.push(friend);
    }
    for (const liker of likers) expectOk(await post(t, paths.like(postId), liker));
    expect((await observe(t).postOverview(author, postId)).likesOverviewDetails.likesCount).toBe(threshold + 1);
    expect(await stageOf(postId)).toEqual([]);
  });
});
