import { decrement, increment } from '../../db/counters.js';
import type { Db } from '../../db/database.js';
import { stagePost } from '../feeds/stage-membership.js';

export interface LikeOutcome {
  likesCount: number;
  liked: boolean;
}

/**
 * Likes are idempotent: the (post, citizen) primary key admits one like, and the counter on the post moves
 * only when a row was really inserted or deleted, in the same transaction, so concurrent calls never lose
 * or double a count. Visibility of the post is the caller's check.
 */
export async function addLike(
  db: Db,
  postId: string,
  citizenId: string,
  now: number,
  autoStageLikes: number,
): Promise<LikeOutcome> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('likes')
      .values({ post_id: postId, citizen_id: citizenId, created_at: now })
      .onConflict((conflict) => conflict.columns(['post_id', 'citizen_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      const post = await trx
        .selectFrom('posts')
        .select('likes_count')
        .where('id', '=', postId)
        .executeTakeFirstOrThrow();
      return { likesCount: post.likes_count, liked: true };
    }
    const post = await trx
      .updateTable('posts')
      .set({ likes_count: increment('likes_count') })
      .where('id', '=', postId)
      .returning(['likes_count', 'sharing', 'status', 'author_id'])
      .executeTakeFirstOrThrow();
    if (post.likes_count === autoStageLikes && post.sharing === 'public' && post.status === 'ready') {
      const author = await trx
        .selectFrom('citizens')
        .select('country')
        .where('id', '=', post.author_id)
        .executeTakeFirstOrThrow();
      await stagePost(trx, postId, [author.country], 'auto', now);
    }
    return { likesCount: post.likes_count, liked: true };
  });
}

export async function removeLike(db: Db, postId: string, citizenId: string): Promise<LikeOutcome> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('likes')
      .where('post_id', '=', postId)
      .where('citizen_id', '=', citizenId)
      .executeTakeFirst();
    const post =
      deleted.numDeletedRows > 0n
        ? await trx
            .updateTable('posts')
            .set({ likes_count: decrement('likes_count') })
            .where('id', '=', postId)
            .returning('likes_count')
            .executeTakeFirstOrThrow()
        : await trx.selectFrom('posts').select('likes_count').where('id', '=', postId).executeTakeFirstOrThrow();
    return { likesCount: post.likes_count, liked: false };
  });
}
