import { describe, expect, it } from 'vitest';
import { profile, uuid } from '../testing/fixtures';
import { afterRelationshipCall, withRequestNamed } from './relationship';

const now = Date.UTC(2025, 0, 2, 3, 4, 5);

describe('a relationship change shown at once, on a copy (docs/product.md §4)', () => {
  it('follow and unfollow move amIFollowing and the follower count, never below 0, and leave the given profile alone', () => {
    const them = profile({ amIFollowing: false, followersCount: 0 });
    const followed = afterRelationshipCall(them, { kind: 'follow', citizenId: them.id }, now);
    expect(followed).toMatchObject({ amIFollowing: true, followersCount: 1 });
    expect(them).toMatchObject({ amIFollowing: false, followersCount: 0 });
    const unfollowed = afterRelationshipCall(followed, { kind: 'unfollow', citizenId: them.id }, now);
    expect(unfollowed).toMatchObject({ amIFollowing: false, followersCount: 0 });
    const again = afterRelationshipCall(unfollowed, { kind: 'unfollow', citizenId: them.id }, now);
    expect(again.followersCount).toBe(0);
  });

  it('a request sent shows as pending until the server names it; cancel, approve and unfriend follow', () => {
    const them = profile({ isFriends: false, friendRequestDetails: null, friendsCount: 3 });
    const sent = afterRelationshipCall(them, { kind: 'sendFriendRequest', citizenId: them.id }, now);
    expect(sent.friendRequestDetails).toMatchObject({ id: 'pending', isOutFriendRequest: true, status: 'requested' });
    const id = uuid();
    const named = withRequestNamed(sent, id);
    expect(named.friendRequestDetails?.id).toBe(id);
    expect(sent.friendRequestDetails?.id).toBe('pending');
    expect(afterRelationshipCall(named, { kind: 'cancelFriendRequest', requestId: id }, now).friendRequestDetails).toBe(
      null,
    );
    const friends = afterRelationshipCall(named, { kind: 'approveFriendRequest', requestId: id }, now);
    expect(friends).toMatchObject({ isFriends: true, friendRequestDetails: null, friendsCount: 4 });
    expect(afterRelationshipCall(friends, { kind: 'unfriend', citizenId: them.id }, now)).toMatchObject({
      isFriends: false,
      friendsCount: 3,
    });
  });
});
