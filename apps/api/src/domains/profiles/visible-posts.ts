import type { Db } from '../../db/database.js';
import { areFriends } from '../friends/friend-store.js';

/**
 * How many of an author's posts a viewer can see: live and ready ones; the private ones only for the author's
 * friends. The stored `posts_count` counts private and unfinished posts too, so showing it to others would
 * tell them how many friends-only posts exist. Read along the index the profile feeds walk.
 */
export async function countVisiblePosts(db: Db, authorId: string, withPrivate: boolean): Promise<number> {
  let query = db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('author_id', '=', authorId)
    .where('deleted_at', 'is', null)
    .where('status', '=', 'ready');
  if (!withPrivate) query = query.where('sharing', '=', 'public');
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** The count a viewer may see (null: a guest): the stored one for the author, the visible one for others. */
export async function postsCountFor(
  db: Db,
  author: { id: string; posts_count: number },
  viewerId: string | null,
  knownFriends?: boolean,
): Promise<number> {
  if (viewerId === author.id) return author.posts_count;
  const friends = viewerId !== null && (knownFriends ?? (await areFriends(db, viewerId, author.id)));
  return countVisiblePosts(db, author.id, friends);
}
