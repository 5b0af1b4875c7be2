import type { LikesOverviewDetails } from '@civitas/contract';
import { adjustCount, type Carrier, itemsOf } from './carriers';

/** A post or a post overview: both carry the likes of one post (`id` or `contentId`). */
export interface LikeCarrier {
  id?: string;
  contentId?: string;
  likesOverviewDetails: LikesOverviewDetails;
}

/** docs/product.md §4: a like raises the count and sets `liked`; an unlike lowers it, never below 0. Repeats change nothing. */
export function withLike(details: LikesOverviewDetails, liked: boolean): LikesOverviewDetails {
  if (details.liked === liked) return details;
  return { liked, likesCount: adjustCount(details.likesCount, liked ? 1 : -1) };
}

const isPost = (item: LikeCarrier, postId: string) => (item.id ?? item.contentId) === postId;

/** Optimistic like or unlike of a post in every copy a cached value holds. */
export function setLiked(carrier: Carrier<LikeCarrier>, postId: string, liked: boolean): void {
  for (const item of itemsOf(carrier)) {
    if (isPost(item, postId)) item.likesOverviewDetails = withLike(item.likesOverviewDetails, liked);
  }
}

/**
 * The server's answer replaces the guess with the exact count after everyone's likes, unless the person has
 * changed their mind since (a later unlike already in flight): then the later call's answer decides.
 */
export function setLikesOverview(carrier: Carrier<LikeCarrier>, postId: string, details: LikesOverviewDetails): void {
  for (const item of itemsOf(carrier)) {
    if (isPost(item, postId) && item.likesOverviewDetails.liked === details.liked) {
      item.likesOverviewDetails = { ...details };
    }
  }
}
