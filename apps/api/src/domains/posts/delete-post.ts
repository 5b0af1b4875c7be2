import { deletePost } from '@civitas/contract';
import { sql } from 'kysely';
import { defineRoute } from '../../http/route.js';
import { postMediaRoot } from '../../media/paths.js';
import { discardOpenUploads, discardUploadBytes } from '../media/discard-uploads.js';
import { countedOnTags, unlinkHashtags } from './hashtag-links.js';
import { loadOwnPost } from './load.js';

/** Soft delete: the row stays for likes' history, but it leaves the stage, every feed and every count. */
export default defineRoute(deletePost, async ({ params, caller, ctx }) => {
  const post = await loadOwnPost(ctx, params.id, caller.citizenId);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .updateTable('posts')
      .set({ deleted_at: now, updated_at: now })
      .where('id', '=', post.id)
      .where('deleted_at', 'is', null)
      .returning(['author_id', 'sharing', 'status'])
      .executeTakeFirst();
    if (!deleted) return; // a concurrent delete won
    await trx.deleteFrom('stage_entries').where('post_id', '=', post.id).execute();
    await unlinkHashtags(trx, post.id, countedOnTags(deleted));
    await trx
      .updateTable('citizens')
      .set({ posts_count: sql`case when posts_count > 0 then posts_count - 1 else 0 end` })
      .where('id', '=', caller.citizenId)
      .execute();
  });
  ctx.caches.posts.forget(post.id); // the live read already hides it; this frees the memory
  // Nothing of a deleted post stays reachable: its renditions and any upload still in progress go too.
  await discardOpenUploads(ctx, { postId: post.id });
  await discardUploadBytes(ctx, post.id);
  await ctx.media.files.removeFolder(postMediaRoot(post.id));
  return undefined;
});
