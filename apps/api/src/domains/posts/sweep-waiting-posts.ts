import type { AppContext } from '../../context.js';
import { removePost } from './remove-post.js';

/**
 * Posts whose upload never came (ADR 064): the composer was closed before a file got through, or its discard
 * never reached the server. A post still awaiting its upload UPLOAD_EXPIRY_MS after it was made, with no upload
 * open on it, is removed as its author would delete it. An upload still open keeps it (the sweep of uploads
 * expires that one after the same time, and the next sweep takes the post). Found along the partial index
 * `posts_awaiting_upload` (migration 013), so the sweep never reads the published posts.
 */
export async function sweepWaitingPosts(ctx: AppContext): Promise<number> {
  const waiting = await ctx.db
    .selectFrom('posts')
    .select(['posts.id', 'posts.author_id'])
    .where('posts.status', '=', 'awaiting_upload')
    .where('posts.deleted_at', 'is', null)
    .where('posts.created_at', '<', ctx.now() - ctx.config.UPLOAD_EXPIRY_MS)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('uploads')
            .select('uploads.id')
            .whereRef('uploads.post_id', '=', 'posts.id')
            .where('uploads.status', '=', 'initiated'),
        ),
      ),
    )
    .limit(1000)
    .execute();
  let removed = 0;
  for (const post of waiting) {
    if (await removePost(ctx, { id: post.id, authorId: post.author_id }, { onlyWaiting: true })) removed += 1;
  }
  return removed;
}
