import type { ReportReason } from '@civitas/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { conflict } from '../../http/errors.js';
import { commentNotFound } from '../comments/comment-store.js';
import { lockPost } from '../posts/lock-post.js';

/** The author of a reported comment (a suspension from a comment's report suspends them); 404 once it is gone. */
export async function commentAuthorOf(trx: Db, commentId: string): Promise<string> {
  const comment = await trx.selectFrom('comments').select('author_id').where('id', '=', commentId).executeTakeFirst();
  if (!comment) throw commentNotFound();
  return comment.author_id;
}

/**
 * Hides a comment from everyone but its author, or shows it again (ADR 084): its post's count, which counts the
 * comments not hidden, moves in the same transaction, behind the post's lock every comment write takes first.
 * A 404 when the comment is gone, a 409 when it already stands as asked.
 */
export async function hideComment(trx: Db, commentId: string, hide: boolean, reason: ReportReason, now: number) {
  const comment = await trx.selectFrom('comments').select('post_id').where('id', '=', commentId).executeTakeFirst();
  if (!comment) throw commentNotFound();
  await lockPost(trx, comment.post_id);
  const changed = await trx
    .updateTable('comments')
    .set({ hidden_at: hide ? now : null, moderation_reason: hide ? reason : null })
    .where('id', '=', commentId)
    .where('hidden_at', hide ? 'is' : 'is not', null)
    .returning('id')
    .executeTakeFirst();
  if (!changed)
    throw conflict('ALREADY_DECIDED', hide ? 'This comment is already hidden' : 'This comment is not hidden');
  await trx
    .updateTable('posts')
    .set({
      comments_count: hide
        ? sql`case when comments_count > 0 then comments_count - 1 else 0 end`
        : sql`comments_count + 1`,
    })
    .where('id', '=', comment.post_id)
    .execute();
}
