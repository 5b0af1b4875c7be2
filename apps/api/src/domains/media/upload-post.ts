import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';

export interface UploadablePost {
  id: string;
  mediaType: 'image' | 'video';
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
    .select(['id', 'author_id', 'media_type', 'status'])
    .where('id', '=', postId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!post || post.author_id !== citizenId) throw noSuchPost();
  return { id: post.id, mediaType: post.media_type, status: post.status };
}
