import { createComment } from '@civitas/contract';
import { increment } from '../../db/counters.js';
import { newId } from '../../db/ids.js';
import { forbidden } from '../../http/errors.js';
import { withLiveCaller } from '../../http/live-caller.js';
import { defineRoute } from '../../http/route.js';
import { tell } from '../notifications/notices.js';
import { quietly } from '../notifications/quietly.js';
import { loadVisiblePost } from '../posts/load.js';
import { resolveMentions } from '../posts/mentions.js';
import { visibleToViewer } from '../posts/visibility.js';
import { commentCitizens, shownComment } from './comment-store.js';
import { type CommentRow, commentView } from './present.js';

const commentsOff = () => forbidden('COMMENTS_OFF', 'The author of this post has turned comments off');

/**
 * A citizen who may see a post comments on it, or replies to one of its comments (ADR 084): a reply to a reply
 * joins the same thread, under its first comment. Mentions are resolved as a caption's are (blocks refused). The
 * post's count moves in the comment's own transaction, by a statement that checks again that the post is there for
 * the commenter (its rules' SQL) and open to comments, and that locks it, so a reply cannot outlive the comment it
 * answers (delete-comment.ts takes the same lock first).
 */
export default defineRoute(createComment, async ({ params, body, caller, ctx, request }) => {
  const me = caller.citizenId;
  const { post } = await loadVisiblePost(ctx, params.id, me);
  const mentionIds = await resolveMentions(ctx.db, me, body.text, []);
  const now = ctx.now();
  const comment = await withLiveCaller(() =>
    ctx.db.transaction().execute(async (trx): Promise<CommentRow> => {
      const counted = await trx
        .updateTable('posts')
        .set({ comments_count: increment('comments_count') })
        .where('id', '=', post.id)
        .where('comments_off', '=', 0)
        .where(visibleToViewer(me))
        .returning('id')
        .executeTakeFirst();
      if (!counted) throw commentsOff();
      const parent = body.parentId ? await shownComment(trx, body.parentId, me) : null;
      if (parent && parent.post_id !== post.id)
        throw forbidden('NOT_THIS_POSTS_COMMENT', 'parentId names a comment under another post');
      const id = newId(now);
      const row: CommentRow = {
        id,
        post_id: post.id,
        thread_id: parent ? parent.thread_id : id,
        parent_id: parent ? parent.thread_id : null,
        author_id: me,
        text: body.text,
        mention_ids: JSON.stringify(mentionIds),
        created_at: now,
        hidden_at: null,
        moderation_reason: null,
      };
      await trx.insertInto('comments').values(row).execute();
      return row;
    }),
  );
  // Its post's author, the thread's and those it mentions are told once it has committed (ADR 084).
  quietly(request, tell(ctx, { kind: 'comment', commentId: comment.id }, request.log));
  const citizens = await commentCitizens(ctx.db, [comment]);
  return commentView(comment, citizens, { viewerId: me, postAuthorId: post.author_id });
});
