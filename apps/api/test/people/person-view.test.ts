import { describe, expect, it } from 'vitest';
import { personView, suggestedCreatorView } from '../../src/domains/people/person.js';

const row = {
  id: '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f70',
  username: 'Ada',
  display_name: 'Ada Lovelace',
  profile_picture_uri: '/media/ada.jpg',
  country: 'GB',
  followers_count: 7,
};

describe('person views (pure)', () => {
  it('carries the viewer’s relationship flags', () => {
    const relations = { following: new Set([row.id]), friends: new Set<string>() };
    expect(personView(row, relations)).toEqual({
      id: row.id,
      username: 'Ada',
      displayName: 'Ada Lovelace',
      profilePictureUri: '/media/ada.jpg',
      country: 'GB',
      amIFollowing: true,
      isFriends: false,
      followersCount: 7,
    });
  });

  it('adds the citizen id, reason and via to a suggestion', () => {
    const relations = { following: new Set<string>(), friends: new Set([row.id]) };
    expect(suggestedCreatorView(row, relations, 'friend_of_friends', ['bob'])).toMatchObject({
      citizenId: row.id,
      isFriends: true,
      reason: 'friend_of_friends',
      via: ['bob'],
    });
  });
});
