import { createComment } from '@civitas/contract';
import { withLiveCaller } from '../../http/live-caller.js';
import { defineRoute } from '../../http/route.js';
import { tell } from '../notifications/notices.js';
import { quietly } from '../notifications/quietly.js';
import { loadVisiblePost } from '../posts/load.js';
import { resolveMentions } from '../posts/mentions.js';
import { commentCitizens } from './comment-store.js';
import { commentView } from './present.js';
import { writeComment } from './write-comment.js';

/**
 * A citizen who may see a post comments on it, or replies to one of its comments (ADR 084; written by
 * write-comment.ts). Mentions are resolved as a caption's are (blocks refused).
 */
export default defineRoute(createComment, async ({ params, body, caller, ctx, request }) => {
  const me = caller.citizenId;
  const { post } = await loadVisiblePost(ctx, params.id, me);
  const mentionIds = await resolveMentions(ctx.db, me, body.text, []);
  const comment = await withLiveCaller(() =>
    writeComment(ctx.db, {
      postId: post.id,
      authorId: me,
      text: body.text,
      mentionIds,
      parentId: body.parentId ?? null,
      at: ctx.now(),
    }),
  );
  // Its post's author, the thread's and those it mentions are told once it has committed (ADR 084).
  quietly(request, tell(ctx, { kind: 'comment', commentId: comment.id }, request.log));
  const citizens = await commentCitizens(ctx.db, [comment]);
  return commentView(comment, citizens, { viewerId: me, postAuthorId: post.author_id });
});
