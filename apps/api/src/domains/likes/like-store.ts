import { type RawBuilder, sql } from 'kysely';
import { decrement, increment } from '../../db/counters.js';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { stagePost } from '../feeds/stage-membership.js';
import { anyPost, isSeenByEveryone, seenByEveryone } from '../posts/visibility.js';

export interface LikeOutcome {
  likesCount: number;
  liked: boolean;
}

export interface AddedLike extends LikeOutcome {
  /** The country whose stage this like put the post on (the automatic rule), if it did. */
  stagedIn: string | null;
}

/** Which posts a like or unlike may touch: `visibleToViewer(citizenId)` for a citizen's own call. */
export type PostGuard = RawBuilder<boolean>;

/** A like that reaches the threshold stages the post only when everyone may see it (posts/visibility.ts). */
const everyoneSeesCounted = seenByEveryone('counted');

/**
 * Likes are idempotent: the (post, citizen) primary key admits one like, and the counter on the post moves
 * only when a row was really inserted or deleted, atomically with it, so concurrent calls never lose or
 * double a count. A post the guard excludes (or that does not exist) is answered with null and left alone.
 *
 * On PostgreSQL the guard, the like, the counter and the automatic staging are one statement (one round trip
 * instead of five); SQLite, in process, runs the same steps in a transaction.
 */
export async function addLike(
  db: Db,
  postId: string,
  citizenId: string,
  now: number,
  autoStageLikes: number,
  guard: PostGuard = anyPost,
): Promise<AddedLike | null> {
  if (dialectOf(db as never) === 'postgres') {
    const { rows } = await sql<{ likes_count: number | null; staged_in: string | null }>`
      with target as (
        select posts.id from posts where posts.id = ${postId} and ${guard}
      ), inserted as (
        insert into likes (post_id, citizen_id, created_at) select id, ${citizenId}::uuid, ${now}::bigint from target
        on conflict (post_id, citizen_id) do nothing
        returning post_id
      ), counted as (
        update posts set likes_count = likes_count + 1
        where id = ${postId} and exists (select 1 from inserted)
        returning likes_count, sharing, status, author_id, deleted_at, hidden_at
      ), staged as (
        insert into stage_entries (country, post_id, staged_at, source)
        select upper(citizens.country), ${postId}::uuid, ${now}::bigint, 'auto'
        from counted join citizens on citizens.id = counted.author_id
        where counted.likes_count = ${autoStageLikes} and ${everyoneSeesCounted}
        on conflict (country, post_id) do nothing
        returning country
      )
      select (select likes_count from counted) as likes_count, (select country from staged) as staged_in
      from target`.execute(db);
    const [row] = rows;
    if (!row) return null;
    // Already liked: the count as it stands now (a fresh statement sees a racing like of the same citizen).
    if (row.likes_count === null) return { likesCount: await currentCount(db, postId), liked: true, stagedIn: null };
    return { likesCount: row.likes_count, liked: true, stagedIn: row.staged_in };
  }
  return db.transaction().execute(async (trx) => {
    if (!(await passesGuard(trx, postId, guard))) return null;
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
      .returning(['likes_count', 'sharing', 'status', 'author_id', 'deleted_at', 'hidden_at'])
      .executeTakeFirstOrThrow();
    let stagedIn: string | null = null;
    if (post.likes_count === autoStageLikes && isSeenByEveryone(post)) {
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

export async function removeLike(
  db: Db,
  postId: string,
  citizenId: string,
  guard: PostGuard = anyPost,
): Promise<LikeOutcome | null> {
  if (dialectOf(db as never) === 'postgres') {
    const { rows } = await sql<{ likes_count: number | null }>`
      with target as (
        select posts.id from posts where posts.id = ${postId} and ${guard}
      ), deleted as (
        delete from likes where post_id = (select id from target) and citizen_id = ${citizenId} returning post_id
      ), counted as (
        update posts set likes_count = ${decrement('likes_count')}
        where id = ${postId} and exists (select 1 from deleted)
        returning likes_count
      )
      select (select likes_count from counted) as likes_count from target`.execute(db);
    const [row] = rows;
    if (!row) return null;
    return { likesCount: row.likes_count ?? (await currentCount(db, postId)), liked: false };
  }
  return db.transaction().execute(async (trx) => {
    if (!(await passesGuard(trx, postId, guard))) return null;
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

async function passesGuard(db: Db, postId: string, guard: PostGuard): Promise<boolean> {
  const found = await db.selectFrom('posts').select('id').where('id', '=', postId).where(guard).executeTakeFirst();
  return found !== undefined;
}

async function currentCount(db: Db, postId: string): Promise<number> {
  const post = await db.selectFrom('posts').select('likes_count').where('id', '=', postId).executeTakeFirstOrThrow();
  return post.likes_count;
}
