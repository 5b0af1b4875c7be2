import { Id } from '@civitas/contract';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { oneOf } from '../../db/id-list.js';
import { notFound } from '../../http/errors.js';
import { type CitizenSummaryRow, citizenSummaryColumns, parseIdList } from '../posts/hydrate.js';
import { commentShown } from './comment-rules.js';
import type { CommentRow } from './present.js';

/** A position in a post's comments: the thread, then the comment within it (ADR 084). */
export const ThreadKey = z.tuple([Id, Id]);

export const commentNotFound = () => notFound('COMMENT_NOT_FOUND', 'No such comment, or it is not visible to you');

/** One comment of a post, as the viewer may see it; 404 otherwise. */
export async function shownComment(db: Db, commentId: string, viewerId: string): Promise<CommentRow> {
  const comment = await db
    .selectFrom('comments')
    .selectAll()
    .where('id', '=', commentId)
    .where(commentShown('comments', viewerId))
    .executeTakeFirst();
  if (!comment) throw commentNotFound();
  return comment;
}

/** The summaries of the comments' authors and of the citizens they mention, in one query. */
export async function commentCitizens(
  db: Db,
  comments: readonly CommentRow[],
): Promise<Map<string, CitizenSummaryRow>> {
  const ids = new Set<string>();
  for (const comment of comments) {
    ids.add(comment.author_id);
    if (comment.mention_ids !== '[]') for (const id of parseIdList(comment.mention_ids)) ids.add(id);
  }
  if (ids.size === 0) return new Map();
  const rows = await db
    .selectFrom('citizens')
    .select(citizenSummaryColumns)
    .where(oneOf(dialectOf(db as never), 'id', [...ids]))
    .where('pending_until', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** What the list says of the post beside its comments. */
export async function commentsState(db: Db, postId: string): Promise<{ commentsCount: number; commentsOff: boolean }> {
  const row = await db
    .selectFrom('posts')
    .select(['comments_count', 'comments_off'])
    .where('id', '=', postId)
    .executeTakeFirstOrThrow();
  return { commentsCount: Math.max(0, Number(row.comments_count)), commentsOff: Number(row.comments_off) === 1 };
}

/**
 * The count a post keeps, as the comments stand: every comment not hidden by a moderator. The kept count is
 * moved in each write's transaction; the tests hold it to this.
 */
export async function recountComments(db: Db, postId: string): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('post_id', '=', postId)
    .where('hidden_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
