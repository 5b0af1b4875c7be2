import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { itemTypesOf } from '../posts/album.js';

export interface UploadablePost {
  id: string;
  /** Each item's kind, by position (one for a post that is not an album, ADR 086). */
  itemTypes: ('image' | 'video')[];
  status: 'awaiting_upload' | 'processing' | 'ready' | 'failed';
}

const noSuchPost = () => notFound('POST_NOT_FOUND', 'No such post of yours');

/**
 * A post whose media the caller may upload, or a 404: only its author may touch its uploads, and nobody
 * else learns whether it exists.
 */
export async function loadUploadablePost(ctx: AppContext, postId: string, citizenId: string): Promise<UploadablePost> {
  const post = await ctx.db
    .selectFrom('posts')
    .select(['id', 'author_id', 'media_type', 'more_media', 'status'])
    .where('id', '=', postId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!post || post.author_id !== citizenId) throw noSuchPost();
  return { id: post.id, itemTypes: itemTypesOf(post), status: post.status };
}
