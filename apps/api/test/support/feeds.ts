import type { getStageFeed, ResponseOf } from '@civitas/contract';
import { expect } from 'vitest';
import { stagePost } from '../../src/domains/feeds/stage-membership.js';
import { acceptFriendRequest, createFriendRequest } from '../../src/domains/friends/friend-store.js';
import { addLike } from '../../src/domains/likes/like-store.js';
import type { TestApp, Who } from './harness.js';

const queryOf = (query: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));

export const feeds = {
  stage: (query: Record<string, string | number> = {}) => `/api/content/v9/feed/eight-stage?${queryOf(query)}`,
  /** The machine-token stage that server rendering reads for guests. */
  sharedStage: (query: Record<string, string | number> = {}) =>
    `/api/content/v1/sharing/feed/eight-stage?${queryOf(query)}`,
  sharedProfile: (username: string) => `/api/content/v1/sharing/feed/${username}/public`,
  privateProfile: (citizenId: string) => `/api/content/v1/feed/${citizenId}/private`,
  myPublic: () => '/api/content/v2/feed/profile/public',
  myPrivate: () => '/api/content/v2/feed/profile/private',
  sharedLoved: (influencerId: string) => `/api/content/v1/sharing/loved-public-posts/${influencerId}`,
  loved: (influencerId: string) => `/api/content/v1/feed/loved-public-posts/${influencerId}`,
};

/** Appends paging parameters to a feed URL that may already carry a query. */
export const withPaging = (url: string, paging: { size?: number; continuationToken?: string | null }) => {
  const params = new URLSearchParams();
  if (paging.size !== undefined) params.set('size', String(paging.size));
  if (paging.continuationToken) params.set('continuationToken', paging.continuationToken);
  const extra = params.toString();
  if (!extra) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${extra}`;
};

export type FeedPageBody = ResponseOf<typeof getStageFeed>;

export async function getPage(t: TestApp, url: string, as: Who | string): Promise<FeedPageBody> {
  const res = await t.request({ method: 'GET', url, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedPageBody;
}

export const idsOf = (page: { data: { id: string }[] }) => page.data.map((post) => post.id);

/** Post ids in the order of their creation, newest first (ids are time-ordered). */
export const newestFirst = (ids: string[]) => [...ids].sort().reverse();

/** An hour before this test file began: what is staged or liked after it is in the past, in order. */
export const hourAgo = Date.now() - 3_600_000;

/** `minutes` after hourAgo. */
export const at = (minutes: number) => hourAgo + minutes * 60_000;

/**
 * Follows continuation tokens to the end of a feed, calling `between` after each non-empty page. Checks
 * the paging contract on the way: a token on every non-empty page, a null token on the final empty page.
 */
export async function walkFeed(
  t: TestApp,
  url: string,
  as: Who | string,
  size: number,
  between?: (pageIndex: number) => Promise<void>,
): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let token: string | null = null;
  for (let pageIndex = 0; pageIndex < 100; pageIndex++) {
    const page = await getPage(t, withPaging(url, { size, continuationToken: token }), as);
    expect(page.data.length).toBeLessThanOrEqual(size);
    if (page.data.length === 0) {
      expect(page.continuationToken).toBeNull();
      return { ids, pages: pageIndex + 1 };
    }
    expect(page.continuationToken).toEqual(expect.any(String));
    ids.push(...idsOf(page));
    token = page.continuationToken;
    await between?.(pageIndex);
  }
  throw new Error('feed did not end within 100 pages');
}

export const stageAt = (t: TestApp, postId: string, country: string, stagedAt: number) =>
  stagePost(t.ctx.db, postId, [country], 'curated', stagedAt);

export const like = (t: TestApp, postId: string, citizenId: string, at: number) =>
  addLike(t.ctx.db, postId, citizenId, at, t.ctx.config.STAGE_AUTO_LIKES);

export async function befriend(t: TestApp, a: string, b: string): Promise<void> {
  const now = t.ctx.now();
  await acceptFriendRequest(t.ctx.db, await createFriendRequest(t.ctx.db, a, b, now), now);
}
