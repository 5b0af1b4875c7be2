import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { postMediaRoot } from '../../media/paths.js';
import { withdrawPost } from '../feeds/following-timeline.js';
import { discardOpenUploads, discardUploadBytes } from '../media/discard-uploads.js';
import { removeNoticesOfPost } from '../notifications/notification-store.js';
import { countedOnAuthor } from './author-count.js';
import { countedOnTags, unlinkHashtags } from './hashtag-links.js';

/**
 * Soft delete: the row stays for likes' history, but it leaves the stage, every feed and every count it was in,
 * and nothing of it stays reachable (its renditions and any upload still in progress go too). The author's
 * delete and the sweep of posts whose upload never came (`onlyWaiting`: removed only if still awaiting it, so a
 * post whose upload completed meanwhile stays) share it. False when there was nothing to remove.
 */
export async function removePost(
  ctx: AppContext,
  post: { id: string; authorId: string },
  options: { onlyWaiting?: boolean } = {},
): Promise<boolean> {
  const now = ctx.now();
  const { removed, told } = await ctx.db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable('posts')
      .set({ deleted_at: now, updated_at: now, comments_count: 0 })
      .where('id', '=', post.id)
      .where('deleted_at', 'is', null);
    if (options.onlyWaiting) update = update.where('status', '=', 'awaiting_upload');
    const deleted = await update.returning(['author_id', 'sharing', 'status', 'hidden_at']).executeTakeFirst();
    // A concurrent delete (or, for the sweep, a completed upload) won.
    if (!deleted) return { removed: false, told: [] };
    await trx.deleteFrom('stage_entries').where('post_id', '=', post.id).execute();
    // Its comments go with it (ADR 084): nobody can read them any more, and they are their authors' words.
    await trx.deleteFrom('comments').where('post_id', '=', post.id).execute();
    await withdrawPost(trx, post.id);
    const told = await removeNoticesOfPost(trx, post.id);
    await unlinkHashtags(trx, post.id, countedOnTags(deleted));
    if (countedOnAuthor(deleted)) {
      await trx
        .updateTable('citizens')
        .set({ posts_count: sql`case when posts_count > 0 then posts_count - 1 else 0 end` })
        .where('id', '=', post.authorId)
        .execute();
    }
    return { removed: true, told };
  });
  // The open notification streams of whoever was told about it hear that those lines went.
  await ctx.bell.ring(told);
  ctx.caches.posts.forget(post.id); // the live read already hides it; this frees the memory
  await discardOpenUploads(ctx, { postId: post.id });
  await discardUploadBytes(ctx, post.id);
  await ctx.media.files.removeFolder(postMediaRoot(post.id));
  return removed;
}
