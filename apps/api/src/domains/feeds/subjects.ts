import type { Db } from '../../db/database.js';
import { citizenNotFound, forbidden } from '../../http/errors.js';
import { blockedBetween } from '../blocks/block-store.js';

// The citizen a feed is about: looked up once per page, by an index, before any post of theirs is read.

export async function citizenIdByUsername(db: Db, username: string): Promise<string> {
  const citizen = await db
    .selectFrom('citizens')
    .select('id')
    .where('username_key', '=', username.toLowerCase())
    .where('pending_until', 'is', null)
    .where('suspended_at', 'is', null)
    .executeTakeFirst();
  if (!citizen) throw citizenNotFound();
  return citizen.id;
}

/**
 * The citizen exists for the viewer (null: nobody in particular): a pending or suspended account does not (ADR
 * 070), nor, while a block stands between them either way, does the citizen for the viewer (ADR 069).
 */
export async function assertCitizenExists(db: Db, citizenId: string, viewerId: string | null = null): Promise<void> {
  const [citizen, blocked] = await Promise.all([
    db
      .selectFrom('citizens')
      .select('id')
      .where('id', '=', citizenId)
      .where('pending_until', 'is', null)
      .where('suspended_at', 'is', null)
      .executeTakeFirst(),
    viewerId === null || viewerId === citizenId ? false : blockedBetween(db, viewerId, citizenId),
  ]);
  if (!citizen || blocked) throw citizenNotFound();
}

/**
 * A private feed is for its owner and the owner's friends only. Unlike a single private post (a 404 that
 * hides it), the feed's existence is no secret: the profile is public, so a stranger gets a 403 that says why.
 */
export async function assertMayReadPrivateFeed(db: Db, ownerId: string, viewerId: string): Promise<void> {
  const owner = await db
    .selectFrom('citizens')
    .leftJoin('friendships', (join) =>
      join.onRef('friendships.friend_id', '=', 'citizens.id').on('friendships.citizen_id', '=', viewerId),
    )
    .select(['citizens.id', 'friendships.friend_id'])
    .where('citizens.id', '=', ownerId)
    .where('citizens.pending_until', 'is', null)
    .where('citizens.suspended_at', 'is', null)
    .executeTakeFirst();
  if (!owner) throw citizenNotFound();
  if (ownerId !== viewerId && owner.friend_id === null) {
    // While a block stands the owner does not exist for the viewer (ADR 069); no friendship survives a block.
    if (await blockedBetween(db, viewerId, ownerId)) throw citizenNotFound();
    throw forbidden(
      'PRIVATE_FEED_FRIENDS_ONLY',
      'Only this citizen and their friends can read their private posts; send a friend request to ask for access',
    );
  }
}
