import type { AppContext } from '../../context.js';
import { postMediaRoot } from '../../media/paths.js';
import type { ImageRendition } from '../posts/renditions.js';

export interface RestrictedMedia {
  /** Friends-only posts looked at (not deleted). */
  posts: number;
  /** Files moved out of the bucket's public prefix. */
  filesMoved: number;
  /** Posts whose media addresses were rewritten to this server's checked route. */
  postsRewritten: number;
  /** Posts with an address outside their own folder (older seeds), left as it was: a capability address still. */
  postsLeft: string[];
}

type MediaColumns = 'image_uri' | 'cover_image_uri' | 'video_uri' | 'hls_uri';
const MEDIA_COLUMNS: readonly MediaColumns[] = ['image_uri', 'cover_image_uri', 'video_uri', 'hls_uri'];

/**
 * Brings the files of friends-only posts stored before ADR 075 under its check: on object storage they were
 * written to the public prefix with the bucket's addresses, so each post's folder is copied out of it, the post's
 * addresses rewritten to this server's `/media/posts/…`, and the public copies removed (in that order: an address
 * never names a file that is gone). On the embedded storage the files already are where the route checks them.
 * Safe to run again, and after an interrupted run: a post whose files were moved has nothing left to move.
 */
export async function restrictFriendsMedia(ctx: Pick<AppContext, 'db' | 'now' | 'media'>): Promise<RestrictedMedia> {
  const files = ctx.media.files;
  const posts = await ctx.db
    .selectFrom('posts')
    .select(['id', ...MEDIA_COLUMNS, 'renditions'])
    .where('sharing', '=', 'private')
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const result: RestrictedMedia = { posts: posts.length, filesMoved: 0, postsRewritten: 0, postsLeft: [] };
  for (const post of posts) {
    let left = false;
    const checked = (uri: string | null) => {
      if (uri === null) return null;
      const moved = files.checkedUri(uri);
      if (moved === null) left = true;
      return moved ?? uri;
    };
    const columns = Object.fromEntries(MEDIA_COLUMNS.map((column) => [column, checked(post[column])])) as Record<
      MediaColumns,
      string | null
    >;
    const renditions = (JSON.parse(post.renditions) as ImageRendition[]).map((rendition) => ({
      ...rendition,
      uri: checked(rendition.uri) ?? rendition.uri,
    }));
    const changed =
      MEDIA_COLUMNS.some((column) => columns[column] !== post[column]) ||
      JSON.stringify(renditions) !== post.renditions;
    result.filesMoved += await files.restrictFolder(postMediaRoot(post.id), async () => {
      if (!changed) return;
      // A new `updated_at`: every instance's post cache reads the new addresses on its next read (post-cache.ts).
      await ctx.db
        .updateTable('posts')
        .set({ ...columns, renditions: JSON.stringify(renditions), updated_at: ctx.now() })
        .where('id', '=', post.id)
        .execute();
      result.postsRewritten += 1;
    });
    if (left) result.postsLeft.push(post.id);
  }
  return result;
}
