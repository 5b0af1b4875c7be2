import { sql } from 'kysely';
import { decrement, increment } from '../../db/counters.js';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { stagePost } from '../feeds/stage-membership.js';

export interface LikeOutcome {
  likesCount: number;
  liked: boolean;
}

export interface AddedLike extends LikeOutcome {
  /** The country whose stage this like put the post on (the automatic rule), if it did. */
  stagedIn: string | null;
}

/**
 * Likes are idempotent: the (post, citizen) primary key admits one like, and the counter on the post moves
 * only when a row was really inserted or deleted, atomically with it, so concurrent calls never lose or
 * double a count. Visibility of the post is the caller's check.
 *
 * On PostgreSQL the like, the counter and the automatic staging are one statement (one round trip instead of
 * four); SQLite, in process, runs the same steps in a transaction.
 */
export async function addLike(
  db: Db,
  postId: string,
  citizenId: string,
  now: number,
  autoStageLikes: number,
): Promise<AddedLike> {
  if (dialectOf(db as never) === 'postgres') {
    const { rows } = await sql<{ likes_count: number; staged_in: string | null }>`
      with inserted as (
        insert into likes (post_id, citizen_id, created_at) values (${postId}, ${citizenId}, ${now})
        on conflict (post_id, citizen_id) do nothing
        returning post_id
      ), counted as (
        update posts set likes_count = likes_count + 1
        where id = ${postId} and exists (select 1 from inserted)
        returning likes_count, sharing, status, author_id
      ), staged as (
        insert into stage_entries (country, post_id, staged_at, source)
        select upper(citizens.country), ${postId}::uuid, ${now}::bigint, 'auto'
        from counted join citizens on citizens.id = counted.author_id
        where counted.likes_count = ${autoStageLikes} and counted.sharing = 'public' and counted.status = 'ready'
        on conflict (country, post_id) do nothing
        returning country
      )
      select likes_count, (select country from staged) as staged_in from counted`.execute(db);
    const [row] = rows;
    // Already liked: the count as it stands now (a fresh statement sees a racing like of the same citizen).
    if (!row) return { likesCount: await currentCount(db, postId), liked: true, stagedIn: null };
    return { likesCount: row.likes_count, liked: true, stagedIn: row.staged_in };
  }
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('likes')
      .values({ post_id: postId, citizen_id: citizenId, created_at: now })
      .onConflict((conflict) => conflict.columns(['post_id', 'citizen_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      return { likesCount: await currentCount(trx, postId), liked: true, stagedIn: null };
    }
    const post = await trx
      .updateTable('posts')
      .set({ likes_count: increment('likes_count') })
      .where('id', '=', postId)
      .returning(['likes_count', 'sharing', 'status', 'author_id'])
      .executeTakeFirstOrThrow();
    let stagedIn: string | null = null;
    if (post.likes_count === autoStageLikes && post.sharing === 'public' && post.status === 'ready') {
      const author = await trx
        .selectFrom('citizens')
        .select('country')
        .where('id', '=', post.author_id)
        .executeTakeFirstOrThrow();
      await stagePost(trx, postId, [author.country], 'auto', now);
      stagedIn = author.country.toUpperCase();
    }
    return { likesCount: post.likes_count, liked: true, stagedIn };
  });
}

export async function removeLike(db: Db, postId: string, citizenId: string): Promise<LikeOutcome> {
  if (dialectOf(db as never) === 'postgres') {
    const { rows } = await sql<{ likes_count: number }>`
      with deleted as (
        delete from likes where post_id = ${postId} and citizen_id = ${citizenId} returning post_id
      )
      update posts set likes_count = ${decrement('likes_count')}
      where id = ${postId} and exists (select 1 from deleted)
      returning likes_count`.execute(db);
    const [row] = rows;
    return { likesCount: row ? row.likes_count : await currentCount(db, postId), liked: false };
  }
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('likes')
      .where('post_id', '=', postId)
      .where('citizen_id', '=', citizenId)
      .executeTakeFirst();
    const likesCount =
      deleted.numDeletedRows > 0n
        ? (
            await trx
              .updateTable('posts')
              .set({ likes_count: decrement('likes_count') })
              .where('id', '=', postId)
              .returning('likes_count')
              .executeTakeFirstOrThrow()
          ).likes_count
        : await currentCount(trx, postId);
    return { likesCount, liked: false };
  });
}

async function currentCount(db: Db, postId: string): Promise<number> {
  const post = await db.selectFrom('posts').select('likes_count').where('id', '=', postId).executeTakeFirstOrThrow();
  return post.likes_count;
}
