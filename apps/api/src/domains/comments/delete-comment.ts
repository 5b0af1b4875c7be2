import { deleteComment } from '@civitas/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { forbidden } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { takeBack } from '../notifications/notices.js';
import { quietly } from '../notifications/quietly.js';
import { parseIdList } from '../posts/hydrate.js';
import { loadVisiblePost } from '../posts/load.js';
import { lockPost } from '../posts/lock-post.js';
import { commentNotFound, shownComment } from './comment-store.js';

/** What a deleted comment's notices are taken back from. */
const DELETED = ['id', 'hidden_at', 'thread_id', 'parent_id', 'author_id', 'mention_ids'] as const;

/** The author of a thread's first comment (the one given, should it be gone meanwhile). */
async function authorOf(db: Db, commentId: string, otherwise: string): Promise<string> {
  const row = await db.selectFrom('comments').select('author_id').where('id', '=', commentId).executeTakeFirst();
  return row?.author_id ?? otherwise;
}

/**
 * A comment's author, or the author of the post it is under, deletes it; its replies go with it (ADR 084). The
 * post's count loses those that it counted (not hidden by a moderator), in the delete's transaction. A comment
 * the caller may not see is the 404 that reading it would be; one they see but may not delete is a 403.
 */
export default defineRoute(deleteComment, async ({ params, caller, ctx, request }) => {
  const me = caller.citizenId;
  const comment = await shownComment(ctx.db, params.commentId, me);
  const { post } = await loadVisiblePost(ctx, comment.post_id, me);
  if (comment.author_id !== me && post.author_id !== me) {
    throw forbidden('NOT_YOUR_COMMENT', 'Only its author, or the author of the post it is under, can delete a comment');
  }
  const removed = await ctx.db.transaction().execute(async (trx) => {
    await lockPost(trx, post.id);
    // The replies first, then the comment: deleted by the comment's cascade, they would not be returned.
    const replies = await trx.deleteFrom('comments').where('parent_id', '=', comment.id).returning(DELETED).execute();
    const gone = [
      ...replies,
      ...(await trx.deleteFrom('comments').where('id', '=', comment.id).returning(DELETED).execute()),
    ];
    const counted = gone.filter((row) => row.hidden_at === null).length;
    if (counted > 0) {
      await trx
        .updateTable('posts')
        .set({ comments_count: sql`case when comments_count > ${counted} then comments_count - ${counted} else 0 end` })
        .where('id', '=', post.id)
        .execute();
    }
    return gone;
  });
  // Deleted meanwhile (another tab): the answer is that delete's.
  if (!removed.some((row) => row.id === comment.id)) throw commentNotFound();
  const threadAuthorId =
    comment.parent_id === null ? comment.author_id : await authorOf(ctx.db, comment.thread_id, comment.author_id);
  for (const row of removed) {
    const takingBack = {
      kind: 'comment' as const,
      commentId: row.id,
      postId: post.id,
      threadId: row.thread_id,
      parentId: row.parent_id,
      authorId: row.author_id,
      mentionIds: parseIdList(row.mention_ids),
      postAuthorId: post.author_id,
      threadAuthorId,
    };
    quietly(request, takeBack(ctx, takingBack));
  }
  return undefined;
});
