import { adjustCount, type Carrier, itemsOf } from './carriers';

/** A profile or a person in a list, as far as following goes. */
export interface FollowCarrier {
  id: string;
  citizenId?: string;
  amIFollowing: boolean;
  followersCount?: number;
}

/** My own counts (my profile, my social overview). */
export interface MyCounts {
  followingCount: number;
}

const isCitizen = (item: FollowCarrier, citizenId: string) => (item.citizenId ?? item.id) === citizenId;

/**
 * docs/product.md §4: follow or unfollow sets `amIFollowing`; the followed person's follower count moves with it, never
 * below 0. A repeat (already following) changes nothing. Tells whether anything changed, so my own
 * following count moves only for a real change.
 */
export function setFollowing(carrier: Carrier<FollowCarrier>, citizenId: string, following: boolean): boolean {
  let changed = false;
  for (const item of itemsOf(carrier)) {
    if (!isCitizen(item, citizenId) || item.amIFollowing === following) continue;
    changed = true;
    item.amIFollowing = following;
    if (typeof item.followersCount === 'number') {
      item.followersCount = adjustCount(item.followersCount, following ? 1 : -1);
    }
  }
  return changed;
}

/** My `followingCount` after I follow (+1) or unfollow (-1) someone; never below 0. */
export function adjustMyFollowingCount(counts: MyCounts, following: boolean): void {
  counts.followingCount = adjustCount(counts.followingCount, following ? 1 : -1);
}

/** The server's count replaces the guess once the call succeeds. */
export function setMyFollowingCount(counts: MyCounts, followingCount: number): void {
  counts.followingCount = followingCount;
}
