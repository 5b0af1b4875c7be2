import { createNextState as produce } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { person, profile, suggested } from '../testing/fixtures';
import { adjustMyFollowingCount, setFollowing, setMyFollowingCount } from './follows';

describe('setFollowing', () => {
  it('follow sets amIFollowing and adds a follower', () => {
    const bob = profile({ amIFollowing: false, followersCount: 5 });
    const next = produce(bob, (draft) => {
      expect(setFollowing(draft, bob.id, true)).toBe(true);
    });
    expect(next).toMatchObject({ amIFollowing: true, followersCount: 6 });
  });

  it('unfollow clears it and never takes the count below 0', () => {
    const bob = profile({ amIFollowing: true, followersCount: 0 });
    expect(produce(bob, (draft) => void setFollowing(draft, bob.id, false))).toMatchObject({
      amIFollowing: false,
      followersCount: 0,
    });
  });

  it('a repeat changes nothing and says so', () => {
    const bob = profile({ amIFollowing: true, followersCount: 5 });
    let changed: boolean | undefined;
    const next = produce(bob, (draft) => {
      changed = setFollowing(draft, bob.id, true);
    });
    expect(changed).toBe(false);
    expect(next).toBe(bob);
  });

  it('finds people in lists and suggestion pages, by id or citizenId', () => {
    const carol = person();
    const dave = suggested();
    const list = { data: [person(), carol], total: 2 };
    const pages = { pages: [{ data: [dave], continuationToken: null }] };
    expect(produce(list, (draft) => void setFollowing(draft, carol.id, true)).data[1]).toMatchObject({
      amIFollowing: true,
      followersCount: carol.followersCount + 1,
    });
    expect(produce(list, (draft) => void setFollowing(draft, carol.id, true)).data[0]?.amIFollowing).toBe(false);
    expect(
      produce(pages, (draft) => void setFollowing(draft, dave.citizenId, true)).pages[0]?.data[0]?.amIFollowing,
    ).toBe(true);
  });
});

describe('my following count', () => {
  it('moves by one and never below 0', () => {
    expect(produce({ followingCount: 2 }, (draft) => adjustMyFollowingCount(draft, true))).toEqual({
      followingCount: 3,
    });
    expect(produce({ followingCount: 0 }, (draft) => adjustMyFollowingCount(draft, false))).toEqual({
      followingCount: 0,
    });
  });

  it("takes the server's count", () => {
    expect(produce({ followingCount: 3 }, (draft) => setMyFollowingCount(draft, 7))).toEqual({ followingCount: 7 });
  });
});
