import type { FriendRequestDetails } from '@civitas/contract';
import { adjustCount } from './carriers';

/** A profile as far as friendship goes. */
export interface FriendCarrier {
  id: string;
  isFriends: boolean;
  friendRequestDetails: FriendRequestDetails | null;
  friendsCount?: number;
}

/**
 * The id a sent request has until the server names it. Actions that need the real id (cancel) wait for it:
 * `hasPendingRequestId` tells the page to keep the cancel button disabled meanwhile.
 */
export const PENDING_FRIEND_REQUEST_ID = 'pending';
export const hasPendingRequestId = (profile: FriendCarrier): boolean =>
  profile.friendRequestDetails?.id === PENDING_FRIEND_REQUEST_ID;

/** I sent a request (docs/product.md §4 "requested"). */
export function requestSent(profile: FriendCarrier, now: number, requestId = PENDING_FRIEND_REQUEST_ID): void {
  if (profile.isFriends) return;
  profile.friendRequestDetails = {
    id: requestId,
    createdAt: new Date(now).toISOString(),
    createdAtTimestampInMilliseconds: now,
    isOutFriendRequest: true,
    status: 'requested',
  };
}

/** The server named the request: the page can now cancel it. */
export function requestNamed(profile: FriendCarrier, requestId: string): void {
  if (profile.friendRequestDetails) profile.friendRequestDetails.id = requestId;
}

/** Cancelled or declined: the request is gone and nothing else changes. */
export function requestRemoved(profile: FriendCarrier): void {
  profile.friendRequestDetails = null;
}

/** Approved: we are friends and the request is gone. */
export function requestApproved(profile: FriendCarrier): void {
  if (profile.isFriends) return;
  profile.friendRequestDetails = null;
  profile.isFriends = true;
  if (typeof profile.friendsCount === 'number') profile.friendsCount = adjustCount(profile.friendsCount, 1);
}

/** Unfriend sets `isFriends` to false (docs/product.md §4); the friend count never goes below 0. */
export function unfriended(profile: FriendCarrier): void {
  if (!profile.isFriends) return;
  profile.isFriends = false;
  profile.friendRequestDetails = null;
  if (typeof profile.friendsCount === 'number') profile.friendsCount = adjustCount(profile.friendsCount, -1);
}
