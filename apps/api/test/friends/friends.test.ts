import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../support/answers.js';
import { observe, paths, post, sendFriendRequest } from '../support/calls.js';
import { asCitizen, createTestApp, guest, type TestApp, unknownId } from '../support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('friend requests: requested → approved', () => {
  it('shows the pending request to both sides, then makes them friends and removes it', async () => {
    const me = await t.newCitizen();
    const them = await t.newCitizen();
    const see = observe(t);
    const requestId = await sendFriendRequest(t, me, them);

    const mine = await see.profile(me, them);
    expect(mine.isFriends).toBe(false);
    expect(mine.friendRequestDetails).toMatchObject({ id: requestId, isOutFriendRequest: true, status: 'requested' });
    expect(new Date(mine.friendRequestDetails.createdAt).getTime()).toBe(
      mine.friendRequestDetails.createdAtTimestampInMilliseconds,
    );
    expect((await see.profile(them, me)).friendRequestDetails).toMatchObject({
      id: requestId,
      isOutFriendRequest: false,
      status: 'requested',
    });

    expect(expectOk(await post(t, paths.approveRequest(requestId), them))).toEqual({
      friendRequestId: requestId,
      citizenId: me.id,
      isFriends: true,
    });
    expect(await see.profile(me, them)).toMatchObject({ isFriends: true, friendRequestDetails: null, friendsCount: 1 });
    expect(await see.profile(them, me)).toMatchObject({ isFriends: true, friendRequestDetails: null, friendsCount: 1 });
    expect(await see.overview(me, me)).toMatchObject({ friendsCount: 1 });

    // The request is gone: acting on it again is a 404; asking again is a 409.
    expectError(await post(t, paths.approveRequest(requestId), them), 404, 'FRIEND_REQUEST_NOT_FOUND');
    expectError(await post(t, paths.friendRequest(them.id), me), 409, 'ALREADY_FRIENDS');
    expectError(await post(t, paths.friendRequest(me.id), them), 409, 'ALREADY_FRIENDS');
  });

  it('unfriend sets isFriends false, is idempotent and never takes friendsCount below 0', async () => {
    const me = await t.newCitizen();
    const them = await t.newCitizen();
    expectOk(await post(t, paths.approveRequest(await sendFriendRequest(t, them, me)), me));
    expect(expectOk(await post(t, paths.unfriend(them.id), me))).toEqual({ citizenId: them.id, isFriends: false });
    expect(await observe(t).profile(them, me)).toMatchObject({ isFriends: false, friendsCount: 0 });
    expect(expectOk(await post(t, paths.unfriend(me.id), them)).isFriends).toBe(false);
    expect(await observe(t).overview(me, me)).toMatchObject({ friendsCount: 0 });
    expect(await observe(t).overview(me, them)).toMatchObject({ friendsCount: 0 });
    // They can start over.
    expect(await sendFriendRequest(t, me, them)).toEqual(expect.any(String));
  });

  it('refuses approving your own request (403), a stranger acting on it (404) and an unknown request (404)', async () => {
    const me = await t.newCitizen();
    const them = await t.newCitizen();
    const stranger = await t.newCitizen();
    const requestId = await sendFriendRequest(t, me, them);

    const own = await post(t, paths.approveRequest(requestId), me);
    expectError(own, 403, 'NOT_FRIEND_REQUEST_RECIPIENT');
    expect(own.json().message).toMatch(/cancel your own request/);
    expectError(await post(t, paths.declineRequest(requestId), me), 403, 'NOT_FRIEND_REQUEST_RECIPIENT');
    for (const action of [paths.approveRequest, paths.declineRequest, paths.cancelRequest]) {
      expectError(await post(t, action(requestId), stranger), 404, 'FRIEND_REQUEST_NOT_FOUND');
      expectError(await post(t, action(unknownId), me), 404, 'FRIEND_REQUEST_NOT_FOUND');
      expectError(await post(t, action('42'), me), 400, 'VALIDATION_FAILED');
    }
    // Still pending after all the refusals.
    expect((await observe(t).profile(them, me)).friendRequestDetails).toMatchObject({ id: requestId });
  });
});

describe('friend requests: declined and cancelled', () => {
  it('declined: only the recipient may decline; the request is removed and may be sent again', async () => {
    const me = await t.newCitizen();
    const them = await t.newCitizen();
    const requestId = await sendFriendRequest(t, me, them);
    expect(expectOk(await post(t, paths.declineRequest(requestId), them))).toEqual({
      friendRequestId: requestId,
      citizenId: me.id,
      isFriends: false,
    });
    expect(await observe(t).profile(me, them)).toMatchObject({ isFriends: false, friendRequestDetails: null });
    expectError(await post(t, paths.declineRequest(requestId), them), 404, 'FRIEND_REQUEST_NOT_FOUND');
    expect(await sendFriendRequest(t, me, them)).not.toBe(requestId);
  });

  it('cancelled: only the sender may cancel; the request is removed', async () => {
    const me = await t.newCitizen();
    const them = await t.newCitizen();
    const requestId = await sendFriendRequest(t, me, them);
    const wrong = await post(t, paths.cancelRequest(requestId), them);
    expectError(wrong, 403, 'NOT_FRIEND_REQUEST_SENDER');
    expect(wrong.json().message).toMatch(/decline it instead/);
    expect(expectOk(await post(t, paths.cancelRequest(requestId), me))).toEqual({
      friendRequestId: requestId,
      citizenId: them.id,
      isFriends: false,
    });
    expect(await observe(t).profile(them, me)).toMatchObject({ isFriends: false, friendRequestDetails: null });
    expectError(await post(t, paths.cancelRequest(requestId), me), 404, 'FRIEND_REQUEST_NOT_FOUND');
    expect(await observe(t).overview(me, them)).toMatchObject({ friendsCount: 0 });
  });
});

describe('POST friend-request / unfriend input', () => {
  it('answers 409 for a second request between the same pair, in either direction', async () => {
    const me = await t.newCitizen();
    const them = await t.newCitizen();
    const requestId = await sendFriendRequest(t, me, them);
    const again = await post(t, paths.friendRequest(them.id), me);
    expectError(again, 409, 'FRIEND_REQUEST_PENDING');
    const reverse = await post(t, paths.friendRequest(me.id), them);
    expectError(reverse, 409, 'FRIEND_REQUEST_PENDING');
    expect(reverse.json().message).toMatch(/approve it instead/);
    expect((await observe(t).profile(me, them)).friendRequestDetails.id).toBe(requestId);
  });

  it('refuses befriending or unfriending yourself (400) and unknown or malformed citizens', async () => {
    const me = await t.newCitizen();
    expectError(await post(t, paths.friendRequest(me.id), me), 400, 'CANNOT_BEFRIEND_SELF');
    expectError(await post(t, paths.unfriend(me.id), me), 400, 'CANNOT_UNFRIEND_SELF');
    expectError(await post(t, paths.friendRequest(unknownId), me), 404, 'CITIZEN_NOT_FOUND');
    expectError(await post(t, paths.unfriend(unknownId), me), 404, 'CITIZEN_NOT_FOUND');
    expectError(await post(t, paths.friendRequest('me'), me), 400, 'VALIDATION_FAILED');
    expectError(await post(t, paths.unfriend('me'), me), 400, 'VALIDATION_FAILED');
    expect(await observe(t).overview(me, me)).toMatchObject({ friendsCount: 0 });
  });

  it('refuses guests and missing tokens', async () => {
    const them = await t.newCitizen();
    expectError(await t.request({ method: 'POST', url: paths.friendRequest(them.id) }), 401);
    expectError(await t.request({ method: 'POST', url: paths.friendRequest(them.id), as: guest }), 403);
    expectError(await t.request({ method: 'POST', url: paths.unfriend(them.id), as: guest }), 403);
  });
});

describe('friendship and private posts', () => {
  it('opens private posts to a friend while the friendship lasts', async () => {
    const author = await t.newCitizen();
    const friend = await t.newCitizen();
    const postId = await t.newPost({ authorId: author.id, sharing: 'private' });
    const overview = () => t.request({ method: 'GET', url: paths.postOverview(postId), as: asCitizen(friend) });

    expectError(await overview(), 404, 'POST_OVERVIEW_NOT_FOUND');
    const requestId = await sendFriendRequest(t, friend, author);
    expectError(await overview(), 404, 'POST_OVERVIEW_NOT_FOUND');
    expectOk(await post(t, paths.approveRequest(requestId), author));
    expect(expectOk(await overview()).contentId).toBe(postId);
    expectOk(await post(t, paths.unfriend(friend.id), author));
    expectError(await overview(), 404, 'POST_OVERVIEW_NOT_FOUND');
  });
});
