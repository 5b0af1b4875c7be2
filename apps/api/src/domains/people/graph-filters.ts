import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/tables/index.js';
import { citizenNotFound } from '../../http/errors.js';
import { seenByEveryone } from '../posts/visibility.js';

/**
 * Correlated subqueries about the citizen a list query is looking at (`citizens.id`), for
 * `where(eb => eb.exists(...))`. Each is one primary-key probe, so filters stay cheap on any list size.
 */
const candidate = sql.ref<string>('citizens.id');

/** `followerId` follows the candidate. */
export const isFollowedBy = (db: Db, followerId: string) =>
  db
    .selectFrom('follows as rel')
    .select('rel.followee_id')
    .where('rel.follower_id', '=', followerId)
    .where('rel.followee_id', '=', candidate);

/** The candidate follows `followeeId`. */
export const followsCitizen = (db: Db, followeeId: string) =>
  db
    .selectFrom('follows as rel')
    .select('rel.follower_id')
    .where('rel.follower_id', '=', candidate)
    .where('rel.followee_id', '=', followeeId);

/** The candidate and `citizenId` are friends (friendships are stored in both directions). */
export const isFriendOf = (db: Db, citizenId: string) =>
  db
    .selectFrom('friendships as rel')
    .select('rel.friend_id')
    .where('rel.citizen_id', '=', citizenId)
    .where('rel.friend_id', '=', candidate);

/** `citizenId` dismissed the candidate from their suggestions. */
export const isDismissedBy = (db: Db, citizenId: string) =>
  db
    .selectFrom('dismissed_suggestions as rel')
    .select('rel.dismissed_id')
    .where('rel.citizen_id', '=', citizenId)
    .where('rel.dismissed_id', '=', candidate);

/**
 * Whom a people list may name to `citizenId`: nobody suspended (ADR 070: listed nowhere while it stands), and
 * nobody with a block either way (ADR 069). The one condition every people list adds (offset-list.ts, network.ts,
 * suggestions/candidates.ts) and every list about one citizen checks first (`requireCitizen`). Two probes of
 * the blocks' key.
 */
export const listedFor = (db: Db, citizenId: string) => (eb: ExpressionBuilder<Database, 'citizens'>) =>
  eb.and([
    eb('citizens.suspended_at', 'is', null),
    eb.not(
      eb.exists(
        db
          .selectFrom('blocks as rel')
          .select('rel.blocked_id')
          .where('rel.blocker_id', '=', citizenId)
          .where('rel.blocked_id', '=', candidate),
      ),
    ),
    eb.not(
      eb.exists(
        db
          .selectFrom('blocks as rel')
          .select('rel.blocker_id')
          .where('rel.blocker_id', '=', candidate)
          .where('rel.blocked_id', '=', citizenId),
      ),
    ),
  ]);

/**
 * The candidate is a creator as everyone sees one: a public, published post. The stored `posts_count` counts
 * friends-only posts and unfinished drafts too, so listing citizens by it would tell strangers such posts exist.
 * Walks the profile feeds' index (author, sharing), usually to its first entry.
 */
export const hasPublicPost = (db: Db) =>
  db.selectFrom('posts as own').select('own.id').where('own.author_id', '=', candidate).where(seenByEveryone('own'));

/**
 * The citizen a list is about, for the viewer: 404 when unknown, suspended (ADR 070) or with a block between them
 * (ADR 069), as their profile answers.
 */
export async function requireCitizen(db: Db, citizenId: string, viewerId: string): Promise<void> {
  const row = await db
    .selectFrom('citizens')
    .select('id')
    .where('citizens.id', '=', citizenId)
    .where(listedFor(db, viewerId))
    .executeTakeFirst();
  if (!row) throw citizenNotFound();
}
