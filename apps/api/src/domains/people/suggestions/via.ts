import type { Db } from '../../../db/database.js';
import { myRecentFollowees, myRecentFriends } from '../network.js';
import type { Candidate } from './ranking.js';

export const MAX_VIA = 3;

/**
 * For the network reasons of one page: who among my people leads to each creator (the people I follow
 * who follow them; my friends who are their friends), by username, at most three each. Two queries.
 */
export async function loadVia(db: Db, me: string, page: readonly Candidate[]): Promise<Map<string, string[]>> {
  const idsFor = (reason: Candidate['reason']) => page.filter((c) => c.reason === reason).map((c) => c.person.id);
  const followed = idsFor('followed_by_people_you_follow');
  const befriended = idsFor('friend_of_friends');
  const [followLinks, friendLinks] = await Promise.all([
    followed.length === 0
      ? []
      : db
          .selectFrom('follows as link')
          .innerJoin('citizens', 'citizens.id', 'link.follower_id')
          .select(['link.followee_id as target', 'citizens.username', 'citizens.username_key'])
          .where('link.followee_id', 'in', followed)
          .where('link.follower_id', 'in', myRecentFollowees(db, me))
          .execute(),
    befriended.length === 0
      ? []
      : db
          .selectFrom('friendships as link')
          .innerJoin('citizens', 'citizens.id', 'link.friend_id')
          .select(['link.citizen_id as target', 'citizens.username', 'citizens.username_key'])
          .where('link.citizen_id', 'in', befriended)
          .where('link.friend_id', 'in', myRecentFriends(db, me))
          .execute(),
  ]);
  // Sorted here, not in SQL, so both dialects agree whatever the database collation.
  const links = [...followLinks, ...friendLinks].sort((a, b) =>
    a.username_key < b.username_key ? -1 : a.username_key > b.username_key ? 1 : 0,
  );
  const via = new Map<string, string[]>();
  for (const link of links) {
    const names = via.get(link.target) ?? [];
    if (names.length < MAX_VIA) names.push(link.username);
    via.set(link.target, names);
  }
  return via;
}
