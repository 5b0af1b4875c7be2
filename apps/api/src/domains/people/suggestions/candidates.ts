import type { Db } from '../../../db/database.js';
import { hasPublicPost, isDismissedBy, isFollowedBy, listedFor } from '../graph-filters.js';
import { creatorsFollowedByMyFollowees, friendsOfMyFriends, type NetworkRow } from '../network.js';
import { personColumns } from '../person.js';
import type { Candidate, Reason } from './ranking.js';

/**
 * At most this many candidates per reason, so a request costs four bounded queries; the whole ranked
 * list is therefore at most 4 × 200 people.
 */
export const CANDIDATES_PER_REASON = 200;

/**
 * "Popular on Civitas" is said of a creator followed by at least this many people (ADR 065). Below it the
 * reason would not be true, so such a creator is suggested for another reason or not at all.
 */
export const POPULAR_MIN_FOLLOWERS = 10;

/** Creators (citizens with posts) by followers: those of my country, or the popular ones of anywhere. */
function creatorsByFollowers(db: Db, me: string, among: 'my-country' | 'popular') {
  let query = db
    .selectFrom('citizens')
    .select([...personColumns, 'citizens.username_key'])
    .where('citizens.posts_count', '>', 0)
    .where((eb) => eb.exists(hasPublicPost(db)))
    .where('citizens.id', '<>', me)
    .where((eb) => eb.not(eb.exists(isFollowedBy(db, me))))
    .where((eb) => eb.not(eb.exists(isDismissedBy(db, me))))
    .where(listedFor(db, me));
  if (among === 'popular') query = query.where('citizens.followers_count', '>=', POPULAR_MIN_FOLLOWERS);
  if (among === 'my-country') {
    query = query.where(
      'citizens.country',
      '=',
      db.selectFrom('citizens as me').select('me.country').where('me.id', '=', me),
    );
  }
  return query
    .orderBy('citizens.followers_count', 'desc')
    .orderBy('citizens.username_key', 'asc')
    .limit(CANDIDATES_PER_REASON)
    .execute();
}

const fromNetwork = (reason: Reason, rows: NetworkRow[]): Candidate[] =>
  rows.map(({ username_key, links, ...person }) => ({ person, usernameKey: username_key, reason, score: links }));

/** Every reason's candidates, never me, anyone I follow, or anyone I dismissed. */
export async function loadCandidates(db: Db, me: string): Promise<Candidate[]> {
  const [followedByFollowees, friendsOfFriends, sameCountry, popular] = await Promise.all([
    creatorsFollowedByMyFollowees(db, me, CANDIDATES_PER_REASON),
    friendsOfMyFriends(db, me, { limit: CANDIDATES_PER_REASON, forSuggestions: true }),
    creatorsByFollowers(db, me, 'my-country'),
    creatorsByFollowers(db, me, 'popular'),
  ]);
  const byFollowers = (reason: Reason) => (row: (typeof popular)[number]) => {
    const { username_key, ...person } = row;
    return { person, usernameKey: username_key, reason, score: person.followers_count };
  };
  return [
    ...fromNetwork('followed_by_people_you_follow', followedByFollowees),
    ...fromNetwork('friend_of_friends', friendsOfFriends),
    ...sameCountry.map(byFollowers('same_country')),
    ...popular.map(byFollowers('popular')),
  ];
}
