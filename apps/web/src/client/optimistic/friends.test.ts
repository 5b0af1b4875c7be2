import { createNextState as produce } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { profile, uuid } from '../testing/fixtures';
import { hasPendingRequestId, requestApproved, requestNamed, requestRemoved, requestSent, unfriended } from './friends';

const now = Date.UTC(2025, 0, 2, 3, 4, 5);
const pendingRequest = (isOutFriendRequest: boolean) => ({
  id: uuid(),
  createdAt: new Date(now).toISOString(),
  createdAtTimestampInMilliseconds: now,
  isOutFriendRequest,
  status: 'requested' as const,
});

describe('friend requests (docs/product.md §4)', () => {
  it('sending shows my outgoing request at once, without an id until the server names it', () => {
    const sent = produce(profile(), (draft) => requestSent(draft, now));
    expect(sent.friendRequestDetails).toEqual({
      id: 'pending',
      createdAt: '2025-01-02T03:04:05.000Z',
      createdAtTimestampInMilliseconds: now,
      isOutFriendRequest: true,
      status: 'requested',
    });
    expect(hasPendingRequestId(sent)).toBe(true);
    const id = uuid();
    const named = produce(sent, (draft) => requestNamed(draft, id));
    expect(named.friendRequestDetails?.id).toBe(id);
    expect(hasPendingRequestId(named)).toBe(false);
  });

  it('sending to a friend changes nothing', () => {
    const friend = profile({ isFriends: true });
    expect(produce(friend, (draft) => requestSent(draft, now))).toBe(friend);
  });

  it('cancel and decline remove the request and nothing else', () => {
    const asked = profile({ friendRequestDetails: pendingRequest(false), friendsCount: 2 });
    expect(produce(asked, requestRemoved)).toEqual({ ...asked, friendRequestDetails: null });
  });

  it('approve makes us friends and removes the request', () => {
    const asked = profile({ friendRequestDetails: pendingRequest(false), friendsCount: 2 });
    expect(produce(asked, requestApproved)).toMatchObject({
      isFriends: true,
      friendRequestDetails: null,
      friendsCount: 3,
    });
  });

  it('unfriend sets isFriends to false and never takes the count below 0', () => {
    const friend = profile({ isFriends: true, friendsCount: 0 });
    expect(produce(friend, unfriended)).toMatchObject({ isFriends: false, friendsCount: 0 });
    expect(produce(profile({ isFriends: true, friendsCount: 4 }), unfriended).friendsCount).toBe(3);
  });
});
