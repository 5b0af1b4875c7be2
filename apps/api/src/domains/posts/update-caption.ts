import { updateCaption } from '@civitas/contract';
import { postNotFound } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { takeBack, tell } from '../notifications/notices.js';
import { quietly } from '../notifications/quietly.js';
import { extractHashtags } from './caption.js';
import { countedOnTags, linkHashtags, replaceMentions, unlinkHashtags } from './hashtag-links.js';
import { parseIdList } from './hydrate.js';
import { loadOwnPost, loadVisiblePost } from './load.js';
import { resolveMentions } from './mentions.js';
import { postView } from './present.js';

export default defineRoute(updateCaption, async ({ params, body, caller, ctx, request }) => {
  const post = await loadOwnPost(ctx, params.id, caller.citizenId);
  const now = ctx.now();
  const mentionIds = await resolveMentions(ctx.db, caller.citizenId, body.caption, body.mentionRequest);
  const hashtags = extractHashtags(body.caption);
  const out = await ctx.db.transaction().execute(async (trx) => {
    // Whether the tags count this post is read from the row as this statement leaves it: processing may have
    // published it since it was loaded (publish.ts counts the tags the row names when it publishes).
    const written = await trx
      .updateTable('posts')
      .set({
        caption: body.caption,
        mention_ids: JSON.stringify(mentionIds),
        hashtags: JSON.stringify(hashtags),
        updated_at: now,
      })
      .where('id', '=', post.id)
      .where('deleted_at', 'is', null)
      .returning(['author_id', 'sharing', 'status', 'hidden_at'])
      .executeTakeFirst();
    // Deleted since it was loaded (another tab): nothing is written, and the answer is the delete's.
    if (!written) throw postNotFound();
    const counted = countedOnTags(written);
    await replaceMentions(trx, post.id, mentionIds);
    await unlinkHashtags(trx, post.id, counted);
    await linkHashtags(trx, post.id, hashtags, now, counted);
    return written.status === 'ready';
  });
  ctx.caches.posts.forget(post.id);
  // Those it no longer mentions lose an unread mention; those it now mentions are told, once the post is out.
  const before = parseIdList(post.mention_ids).filter((id) => !mentionIds.includes(id));
  for (const recipientId of before) {
    quietly(request, takeBack(ctx, { kind: 'mention', postId: post.id, authorId: caller.citizenId, recipientId }));
  }
  if (out) quietly(request, tell(ctx, { kind: 'mention', postId: post.id }, request.log));
  const updated = await loadVisiblePost(ctx, post.id, caller.citizenId);
  const view = postView(updated.post, updated.hydration);
  return { caption: view.caption, mentionRequest: view.mentionRequest, hashtags: view.hashtags };
});
