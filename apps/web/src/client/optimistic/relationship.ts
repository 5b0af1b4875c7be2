import type { ProfileView } from '@civitas/contract';
import { setFollowing } from './follows';
import { requestApproved, requestNamed, requestRemoved, requestSent, unfriended } from './friends';

/** One change a citizen makes to their relationship with another person (docs/product.md §4), as the call it makes. */
export type RelationshipCall =
  | { kind: 'follow' | 'unfollow' | 'sendFriendRequest' | 'unfriend'; citizenId: string }
  | { kind: 'cancelFriendRequest' | 'declineFriendRequest' | 'approveFriendRequest'; requestId: string };

/**
 * The profile as it shows at once after `call` (the same recipes the store's optimistic updates use), without
 * changing the one given: an island that holds the profile in its own state (the citizen's view of another
 * person's profile, ADR 023) repaints from it before the call is sent.
 */
export function afterRelationshipCall(profile: ProfileView, call: RelationshipCall, now: number): ProfileView {
  const next = structuredClone(profile);
  switch (call.kind) {
    case 'follow':
    case 'unfollow':
      setFollowing(next, call.citizenId, call.kind === 'follow');
      break;
    case 'sendFriendRequest':
      requestSent(next, now);
      break;
    case 'cancelFriendRequest':
    case 'declineFriendRequest':
      requestRemoved(next);
      break;
    case 'approveFriendRequest':
      requestApproved(next);
      break;
    case 'unfriend':
      unfriended(next);
      break;
  }
  return next;
}

/** The profile once the server has named a request just sent (so it can be cancelled). */
export function withRequestNamed(profile: ProfileView, requestId: string): ProfileView {
  const next = structuredClone(profile);
  requestNamed(next, requestId);
  return next;
}
