import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { hashtagKey } from './caption.js';

/**
 * A tag's `posts_count` counts the posts everyone may see under it: public, ready (processed) and not deleted.
 * A friends-only post, or one still a draft, processing or failed, is linked to its tags (the author's own views
 * and the hashtag feed's filter read the links) but counted on none, so the hashtag list never names a tag that
 * only a private or unpublished caption carries.
 */
export const countedOnTags = (post: { sharing: string; status: string }): boolean =>
  post.sharing === 'public' && post.status === 'ready';

/** Links a post to its hashtags, counting it on each when `counted` (inside the caller's transaction). */
export async function linkHashtags(
  trx: Db,
  postId: string,
  tags: readonly string[],
  now: number,
  counted: boolean,
): Promise<void> {
  const step = counted ? 1 : 0;
  for (const tag of tags) {
    await trx
      .insertInto('hashtags')
      .values({ name_key: hashtagKey(tag), name: tag, posts_count: step, created_at: now })
      .onConflict((conflict) =>
        conflict.column('name_key').doUpdateSet({ posts_count: sql`hashtags.posts_count + ${step}` }),
      )
      .execute();
  }
  if (tags.length > 0) {
    await trx
      .insertInto('post_hashtags')
      .values(tags.map((tag) => ({ post_id: postId, name_key: hashtagKey(tag) })))
      .execute();
  }
}

/** Removes a post's hashtag links, taking it off each tag's count when it was `counted`. */
export async function unlinkHashtags(trx: Db, postId: string, counted: boolean): Promise<void> {
  if (counted) {
    await trx
      .updateTable('hashtags')
      .set({ posts_count: sql`case when posts_count > 0 then posts_count - 1 else 0 end` })
      .where('name_key', 'in', (qb) => qb.selectFrom('post_hashtags').select('name_key').where('post_id', '=', postId))
      .execute();
  }
  await trx.deleteFrom('post_hashtags').where('post_id', '=', postId).execute();
}

/** Counts a post on each tag it is linked to: it has just become public and ready (media processed). */
export async function countOnHashtags(trx: Db, postId: string): Promise<void> {
  await trx
    .updateTable('hashtags')
    .set({ posts_count: sql`posts_count + 1` })
    .where('name_key', 'in', (qb) => qb.selectFrom('post_hashtags').select('name_key').where('post_id', '=', postId))
    .execute();
}

export async function replaceMentions(trx: Db, postId: string, citizenIds: readonly string[]): Promise<void> {
  await trx.deleteFrom('post_mentions').where('post_id', '=', postId).execute();
  if (citizenIds.length > 0) {
    await trx
      .insertInto('post_mentions')
      .values(citizenIds.map((citizenId) => ({ post_id: postId, citizen_id: citizenId })))
      .execute();
  }
}
