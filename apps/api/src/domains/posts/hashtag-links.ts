import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { hashtagKey } from './caption.js';

/** Links a post to its hashtags and counts it on each (inside the caller's transaction). */
export async function linkHashtags(trx: Db, postId: string, tags: readonly string[], now: number): Promise<void> {
  for (const tag of tags) {
    await trx
      .insertInto('hashtags')
      .values({ name_key: hashtagKey(tag), name: tag, posts_count: 1, created_at: now })
      .onConflict((conflict) => conflict.column('name_key').doUpdateSet({ posts_count: sql`hashtags.posts_count + 1` }))
      .execute();
  }
  if (tags.length > 0) {
    await trx
      .insertInto('post_hashtags')
      .values(tags.map((tag) => ({ post_id: postId, name_key: hashtagKey(tag) })))
      .execute();
  }
}

/** Removes a post's hashtag links and takes it off each tag's count. */
export async function unlinkHashtags(trx: Db, postId: string): Promise<void> {
  const linked = await trx.selectFrom('post_hashtags').select('name_key').where('post_id', '=', postId).execute();
  if (linked.length === 0) return;
  const keys = linked.map((row) => row.name_key);
  await trx
    .updateTable('hashtags')
    .set({ posts_count: sql`case when posts_count > 0 then posts_count - 1 else 0 end` })
    .where('name_key', 'in', keys)
    .execute();
  await trx.deleteFrom('post_hashtags').where('post_id', '=', postId).execute();
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
