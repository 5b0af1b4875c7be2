import type { LikesOverviewDetails } from '@civitas/contract';

/**
 * A like shown over likes that came from elsewhere: `value` stands while the likes given are still `base`.
 * A server-rendered page keeps the likes it was rendered with (and the router may show that page again from
 * its cache on "back"), so the tab remembers what each of its own likes changed; a store page's copy changes
 * itself (the optimistic patch), and then the memory steps aside.
 */
export interface LikeOverride {
  base: LikesOverviewDetails;
  value: LikesOverviewDetails;
}

const remembered = new Map<string, LikeOverride>();

export const sameLikes = (a: LikesOverviewDetails, b: LikesOverviewDetails): boolean =>
  a.liked === b.liked && a.likesCount === b.likesCount;

export const rememberedLike = (postId: string): LikeOverride | null => remembered.get(postId) ?? null;

export function rememberLike(postId: string, override: LikeOverride | null): void {
  if (override) remembered.set(postId, override);
  else remembered.delete(postId);
}

/** The likes to show: the override while its base is what is given, else what is given. */
export const shownLikes = (given: LikesOverviewDetails, override: LikeOverride | null): LikesOverviewDetails =>
  override && sameLikes(override.base, given) ? override.value : given;
