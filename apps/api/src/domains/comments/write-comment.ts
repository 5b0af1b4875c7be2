import { increment } from '../../db/counters.js';
import type { Db } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { forbidden } from '../../http/errors.js';
import { visibleToViewer } from '../posts/visibility.js';
import { shownComment } from './comment-store.js';
import type { CommentRow } from './present.js';

export interface NewComment {
  postId: string;
  authorId: string;
  text: string;
  mentionIds: readonly string[];
  /** The comment it answers; its thread's first comment becomes the parent. */
  parentId: string | null;
  at: number;
}

const commentsOff = () => forbidden('COMMENTS_OFF', 'The author of this post has turned comments off');

/**
 * Writes a comment and moves its post's count, in one transaction (ADR 084): the one way a comment is written (the
 * call, the demo content). The count's statement checks again that the post is there for the commenter (its rules'
 * SQL) and open to comments, and locks its row first, so a reply cannot outlive the comment it answers
 * (delete-comment.ts takes the same lock first). A reply to a reply joins the same thread, under its first comment.
 */
export function writeComment(db: Db, comment: NewComment): Promise<CommentRow> {
  return db.transaction().execute(async (trx) => {
    const counted = await trx
      .updateTable('posts')
      .set({ comments_count: increment('comments_count') })
      .where('id', '=', comment.postId)
      .where('comments_off', '=', 0)
      .where(visibleToViewer(comment.authorId))
      .returning('id')
      .executeTakeFirst();
    if (!counted) throw commentsOff();
    const parent = comment.parentId ? await shownComment(trx, comment.parentId, comment.authorId) : null;
    if (parent && parent.post_id !== comment.postId) {
      throw forbidden('NOT_THIS_POSTS_COMMENT', 'parentId names a comment under another post');
    }
    const id = newId(comment.at);
    const row: CommentRow = {
      id,
      post_id: comment.postId,
      thread_id: parent ? parent.thread_id : id,
      parent_id: parent ? parent.thread_id : null,
      author_id: comment.authorId,
      text: comment.text,
      mention_ids: JSON.stringify(comment.mentionIds),
      created_at: comment.at,
      hidden_at: null,
      moderation_reason: null,
    };
    await trx.insertInto('comments').values(row).execute();
    return row;
  });
}
