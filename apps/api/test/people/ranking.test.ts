import { describe, expect, it } from 'vitest';
import {
  type Candidate,
  pageAfter,
  type Reason,
  rankCandidates,
  rankKeyOf,
} from '../../src/domains/people/suggestions/ranking.js';

const candidate = (username: string, reason: Reason, score: number, followers = score): Candidate => ({
  person: {
    id: `id-${username}`,
    username,
    display_name: username,
    profile_picture_uri: null,
    country: 'GB',
    followers_count: followers,
  },
  usernameKey: username.toLowerCase(),
  reason,
  score,
});

describe('suggestion ranking (pure)', () => {
  const list = rankCandidates([
    candidate('popular', 'popular', 90),
    candidate('Zed', 'followed_by_people_you_follow', 1, 5),
    candidate('amy', 'followed_by_people_you_follow', 1, 5),
    candidate('strong', 'followed_by_people_you_follow', 3, 0),
    candidate('local', 'same_country', 10),
    candidate('strong', 'popular', 50),
    candidate('fof', 'friend_of_friends', 2),
  ]);

  it('orders by reason, then score, followers and username, keeping each person under their strongest reason', () => {
    expect(list.map((c) => `${c.person.username}:${c.reason}`)).toEqual([
      'strong:followed_by_people_you_follow',
      'amy:followed_by_people_you_follow',
      'Zed:followed_by_people_you_follow',
      'fof:friend_of_friends',
      'local:same_country',
      'popular:popular',
    ]);
  });

  it('pages strictly after a rank key, even when the person at that key has gone', () => {
    const firstTwo = pageAfter(list, undefined, 2);
    expect(firstTwo.map((c) => c.person.username)).toEqual(['strong', 'amy']);
    const afterAmy = rankKeyOf(firstTwo[1] as Candidate);
    const withoutAmy = list.filter((c) => c.person.username !== 'amy');
    expect(pageAfter(withoutAmy, afterAmy, 2).map((c) => c.person.username)).toEqual(['Zed', 'fof']);
    expect(pageAfter(list, rankKeyOf(list.at(-1) as Candidate), 2)).toEqual([]);
  });
});
