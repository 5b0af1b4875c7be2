import { expect } from 'vitest';
import { expectOk } from './answers.js';
import { asCitizen, type Citizen, type TestApp, type Who } from './harness.js';

/** Full paths of the calls on posts and between citizens, so tests read like the call list of docs/product.md §7. */
export const paths = {
  post: (postId: string) => `/api/content/v1/creators-content/${postId}`,
  sharedPost: (postId: string) => `/api/content/v1/sharing/creators-content/${postId}`,
  postStatus: (postId: string) => `/api/users/creators-content/status/${postId}`,
  /** The author's own post: DELETE removes it. */
  ownPost: (postId: string) => `/api/users/creators-content/${postId}`,
  caption: (postId: string) => `/api/users/creators-content/${postId}/caption`,
  like: (postId: string) => `/api/users/influencers/me/liked-creators-content/${postId}`,
  unlike: (postId: string) => `/api/users/influencers/me/un-liked-creators-content/${postId}`,
  follow: (citizenId: string) => `/api/users/influencers/me/follow/${citizenId}`,
  unfollow: (citizenId: string) => `/api/users/influencers/me/unfollow/${citizenId}`,
  friendRequest: (citizenId: string) => `/api/users/influencers/me/friend-request/${citizenId}`,
  unfriend: (citizenId: string) => `/api/users/influencers/me/unfriend/${citizenId}`,
  cancelRequest: (requestId: string) => `/api/users/influencers/me/cancel-friend-request/${requestId}`,
  approveRequest: (requestId: string) => `/api/users/influencers/me/approve-friend-request/${requestId}`,
  block: (citizenId: string) => `/api/users/influencers/me/block/${citizenId}`,
  unblock: (citizenId: string) => `/api/users/influencers/me/unblock/${citizenId}`,
  mute: (citizenId: string) => `/api/users/influencers/me/mute/${citizenId}`,
  unmute: (citizenId: string) => `/api/users/influencers/me/unmute/${citizenId}`,
  blocked: '/api/users/influencers/me/blocked',
  muted: '/api/users/influencers/me/muted',
  declineRequest: (requestId: string) => `/api/users/influencers/me/decline-friend-request/${requestId}`,
  me: '/api/users/influencers/me',
  profile: (username: string) => `/api/users/influencers/profile/${username}`,
  citizenOverview: (citizenId: string) => `/api/social/v2/citizens/${citizenId}/social-overview`,
  myOverview: '/api/social/v2/influencers/me/social-overview',
  postOverview: (postId: string) => `/api/social/feeds/${postId}/overview`,
  sharedPostOverview: (postId: string) => `/api/social/v1/sharing/${postId}/overview`,
  postsOverview: (postIds: readonly string[]) =>
    `/api/social/v1/creators-content/social-overview?${postIds.map((id) => `contentId=${id}`).join('&')}`,
};

/** Calls that read state through the API, so transitions are observed the way a client sees them. */
export const observe = (t: TestApp) => ({
  profile: async (viewer: Citizen, of: Citizen) =>
    expectOk(await t.request({ method: 'GET', url: paths.profile(of.username), as: asCitizen(viewer) })),
  overview: async (viewer: Citizen, of: Citizen) =>
    expectOk(await t.request({ method: 'GET', url: paths.citizenOverview(of.id), as: asCitizen(viewer) })),
  postOverview: async (viewer: Citizen, postId: string) =>
    expectOk(await t.request({ method: 'GET', url: paths.postOverview(postId), as: asCitizen(viewer) })),
});

export const post = (t: TestApp, url: string, who: Citizen, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, as: asCitizen(who), headers });

/** Sends a friend request as `from` and returns its id. */
export const sendFriendRequest = async (t: TestApp, from: Citizen, to: Citizen): Promise<string> =>
  expectOk(await post(t, paths.friendRequest(to.id), from), 201).friendRequestId;

/** Deletes a post through the real endpoint, as its author. */
export async function deletePost(t: TestApp, postId: string, author: Who): Promise<void> {
  const res = await t.request({
    method: 'DELETE',
    url: paths.ownPost(postId),
    as: author,
    headers: { 'x-api-version': '3.0' },
  });
  expect(res.statusCode, res.body).toBe(204);
}

/** Edits a post's caption through the real endpoint, as its author. */
export async function editCaption(t: TestApp, postId: string, author: Who, caption: string): Promise<void> {
  const res = await t.request({ method: 'POST', url: paths.caption(postId), as: author, payload: { caption } });
  expect(res.statusCode, res.body).toBe(200);
}
