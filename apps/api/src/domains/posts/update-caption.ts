import { updateCaption } from '@civitas/contract';
import { postNotFound } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { extractHashtags } from './caption.js';
import { countedOnTags, linkHashtags, replaceMentions, unlinkHashtags } from './hashtag-links.js';
import { loadOwnPost, loadVisiblePost } from './load.js';
import { resolveMentions } from './mentions.js';
import { postView } from './present.js';

export default defineRoute(updateCaption, async ({ params, body, caller, ctx }) => {
  const post = await loadOwnPost(ctx, params.id, caller.citizenId);
  const now = ctx.now();
  const mentionIds = await resolveMentions(ctx.db, caller.citizenId, body.caption, body.mentionRequest);
  const hashtags = extractHashtags(body.caption);
  await ctx.db.transaction().execute(async (trx) => {
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
  });
  ctx.caches.posts.forget(post.id);
  const updated = await loadVisiblePost(ctx, post.id, caller.citizenId);
  const view = postView(updated.post, updated.hydration);
  return { caption: view.caption, mentionRequest: view.mentionRequest, hashtags: view.hashtags };
});
