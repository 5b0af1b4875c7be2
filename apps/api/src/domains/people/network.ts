import type { Db } from '../../db/database.js';
import { hasPublicPost, isDismissedBy, isFollowedBy, isFriendOf, listedFor } from './graph-filters.js';
import { type PersonRow, personColumns } from './person.js';

/**
 * Two-hop lists over my network. The first hop is capped at the people I most recently followed or
 * befriended, so a request reads a bounded part of the graph however many people someone follows.
 */
export const NETWORK_FIRST_HOP_CAP = 500;

/** The "relevant creators / citizens" lists are short, unpaged lists. */
export const RELEVANT_LIST_SIZE = 50;

export const myRecentFollowees = (db: Db, me: string) =>
  db
    .selectFrom('follows as hop')
    .select('hop.followee_id')
    .where('hop.follower_id', '=', me)
    .orderBy('hop.created_at', 'desc')
    .limit(NETWORK_FIRST_HOP_CAP);

export const myRecentFriends = (db: Db, me: string) =>
  db
    .selectFrom('friendships as hop')
    .select('hop.friend_id')
    .where('hop.citizen_id', '=', me)
    .orderBy('hop.created_at', 'desc')
    .limit(NETWORK_FIRST_HOP_CAP);

/** A person reached through my network, with how many of my people lead to them. */
export type NetworkRow = PersonRow & { username_key: string; links: number };

/**
 * Creators (citizens with posts) followed by people I follow, whom I do not follow yet and have not
 * dismissed; most links first, then most followers, then username.
 */
export async function creatorsFollowedByMyFollowees(db: Db, me: string, limit: number): Promise<NetworkRow[]> {
  const network = db
    .selectFrom('follows as second')
    .select(['second.followee_id as citizen_id', (eb) => eb.fn.countAll<number>().as('links')])
    .where('second.follower_id', 'in', myRecentFollowees(db, me))
    .groupBy('second.followee_id');
  const rows = await db
    .selectFrom(network.as('network'))
    .innerJoin('citizens', 'citizens.id', 'network.citizen_id')
    .select([...personColumns, 'citizens.username_key', 'network.links'])
    .where('citizens.id', '<>', me)
    .where('citizens.posts_count', '>', 0)
    .where((eb) => eb.exists(hasPublicPost(db)))
    .where((eb) => eb.not(eb.exists(isFollowedBy(db, me))))
    .where((eb) => eb.not(eb.exists(isDismissedBy(db, me))))
    .where(listedFor(db, me))
    .orderBy('network.links', 'desc')
    .orderBy('citizens.followers_count', 'desc')
    .orderBy('citizens.username_key', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, links: Number(row.links) }));
}

/**
 * Friends of my friends who are not my friends and whom I have not dismissed; most mutual friends first,
 * then most followers, then username. `forSuggestions` keeps only creators I do not follow yet.
 */
export async function friendsOfMyFriends(
  db: Db,
  me: string,
  options: { limit: number; forSuggestions: boolean },
): Promise<NetworkRow[]> {
  const network = db
    .selectFrom('friendships as second')
    .select(['second.friend_id as citizen_id', (eb) => eb.fn.countAll<number>().as('links')])
    .where('second.citizen_id', 'in', myRecentFriends(db, me))
    .groupBy('second.friend_id');
  let query = db
    .selectFrom(network.as('network'))
    .innerJoin('citizens', 'citizens.id', 'network.citizen_id')
    .select([...personColumns, 'citizens.username_key', 'network.links'])
    .where('citizens.id', '<>', me)
    .where((eb) => eb.not(eb.exists(isFriendOf(db, me))))
    .where((eb) => eb.not(eb.exists(isDismissedBy(db, me))))
    .where(listedFor(db, me));
  if (options.forSuggestions) {
    query = query
      .where('citizens.posts_count', '>', 0)
      .where((eb) => eb.exists(hasPublicPost(db)))
      .where((eb) => eb.not(eb.exists(isFollowedBy(db, me))));
  }
  const rows = await query
    .orderBy('network.links', 'desc')
    .orderBy('citizens.followers_count', 'desc')
    .orderBy('citizens.username_key', 'asc')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({ ...row, links: Number(row.links) }));
}
