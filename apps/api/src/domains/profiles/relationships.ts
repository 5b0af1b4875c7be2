import type { Db } from '../../db/database.js';

export interface PendingRequest {
  id: string;
  createdAt: number;
  /** True when the viewer sent it. */
  outgoing: boolean;
}

/** How the viewer stands with one other citizen. */
export interface Relationship {
  amIFollowing: boolean;
  isFollowingMe: boolean;
  isFriends: boolean;
  /** The viewer muted them (ADR 069). */
  amIMuting: boolean;
  pendingRequest: PendingRequest | null;
}

export const noRelationship: Relationship = {
  amIFollowing: false,
  isFollowingMe: false,
  isFriends: false,
  amIMuting: false,
  pendingRequest: null,
};

/**
 * The viewer's relationship with each of `otherIds`, in four queries whatever their number (run together):
 * follow edges both ways, friendships, pending requests in either direction, and the viewer's mutes.
 */
export async function loadRelationships(
  db: Db,
  viewerId: string,
  otherIds: readonly string[],
): Promise<Map<string, Relationship>> {
  const ids = [...new Set(otherIds)].filter((id) => id !== viewerId);
  const relationships = new Map<string, Relationship>(ids.map((id) => [id, { ...noRelationship }]));
  if (ids.length === 0) return relationships;

  const [follows, friendships, requests, mutes] = await Promise.all([
    db
      .selectFrom('follows')
      .select(['follower_id', 'followee_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('follower_id', '=', viewerId), eb('followee_id', 'in', ids)]),
          eb.and([eb('follower_id', 'in', ids), eb('followee_id', '=', viewerId)]),
        ]),
      )
      .execute(),
    db
      .selectFrom('friendships')
      .select('friend_id')
      .where('citizen_id', '=', viewerId)
      .where('friend_id', 'in', ids)
      .execute(),
    db
      .selectFrom('friend_requests')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('from_id', '=', viewerId), eb('to_id', 'in', ids)]),
          eb.and([eb('from_id', 'in', ids), eb('to_id', '=', viewerId)]),
        ]),
      )
      .execute(),
    db.selectFrom('mutes').select('muted_id').where('muter_id', '=', viewerId).where('muted_id', 'in', ids).execute(),
  ]);

  for (const edge of follows) {
    if (edge.follower_id === viewerId) {
      const relationship = relationships.get(edge.followee_id);
      if (relationship) relationship.amIFollowing = true;
    } else {
      const relationship = relationships.get(edge.follower_id);
      if (relationship) relationship.isFollowingMe = true;
    }
  }
  for (const { friend_id } of friendships) {
    const relationship = relationships.get(friend_id);
    if (relationship) relationship.isFriends = true;
  }
  for (const { muted_id } of mutes) {
    const relationship = relationships.get(muted_id);
    if (relationship) relationship.amIMuting = true;
  }
  for (const request of requests) {
    const outgoing = request.from_id === viewerId;
    const relationship = relationships.get(outgoing ? request.to_id : request.from_id);
    if (relationship) relationship.pendingRequest = { id: request.id, createdAt: request.created_at, outgoing };
  }
  return relationships;
}
