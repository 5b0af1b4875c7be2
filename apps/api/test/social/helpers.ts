import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../harness.js';

/** Full paths of the social calls, so tests read like the call list of docs/product.md §7. */
export const paths = {
  like: (postId: string) => `/api/users/influencers/me/liked-creators-content/${postId}`,
  unlike: (postId: string) => `/api/users/influencers/me/un-liked-creators-content/${postId}`,
  follow: (citizenId: string) => `/api/users/influencers/me/follow/${citizenId}`,
  unfollow: (citizenId: string) => `/api/users/influencers/me/unfollow/${citizenId}`,
  friendRequest: (citizenId: string) => `/api/users/influencers/me/friend-request/${citizenId}`,
  unfriend: (citizenId: string) => `/api/users/influencers/me/unfriend/${citizenId}`,
  cancelRequest: (requestId: string) => `/api/users/influencers/me/cancel-friend-request/${requestId}`,
  approveRequest: (requestId: string) => `/api/users/influencers/me/approve-friend-request/${requestId}`,
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

/** A well-formed UUID v7 that names nothing. */
export const unknownId = '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f70';

export function expectError(res: LightMyRequestResponse, statusCode: number, code?: string): void {
  expect(res.statusCode, res.body).toBe(statusCode);
  const body = res.json();
  expect(body.statusCode).toBe(statusCode);
  expect(typeof body.message).toBe('string');
  if (code) expect(body.code).toBe(code);
}

export function expectOk(res: LightMyRequestResponse, statusCode = 200) {
  expect(res.statusCode, res.body).toBe(statusCode);
  return res.json();
}

/** A citizen id turned into the `as` of t.request (a token for that citizen). */
export const asCitizen = (citizen: { id: string; username: string }) => ({
  kind: 'citizen' as const,
  citizenId: citizen.id,
  username: citizen.username,
});

export type Citizen = { id: string; username: string };

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

/** `count` fresh citizens with no relationships. */
export const newCitizens = (t: TestApp, count: number): Promise<Citizen[]> =>
  Promise.all(Array.from({ length: count }, () => t.newCitizen()));
