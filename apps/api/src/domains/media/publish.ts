import type { AlbumItemView } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import { tell } from '../notifications/notices.js';
import { moreMediaColumn } from '../posts/album.js';
import { countedOnTags, countOnHashtags } from '../posts/hashtag-links.js';
import type { ImageRendition } from '../posts/renditions.js';
import { hashtagsOf } from '../posts/write-post.js';
import { discardUploadBytes } from './discard-uploads.js';

export interface ProcessedMedia {
  /** The folder everything below was stored in (removed again if the post went away meanwhile). */
  folder: string;
  imageUri: string | null;
  coverImageUri: string | null;
  videoUri: string | null;
  hlsUri: string | null;
  renditions: readonly ImageRendition[];
  placeholder: string;
  width: number;
  height: number;
}

/**
 * The post is ready: its media (an album's later items too, ADR 086) goes on the row and it appears in every feed
 * at once. A post deleted while it was processing stays deleted, and the media just made is removed.
 */
export async function publishProcessedPost(
  ctx: AppContext,
  postId: string,
  media: ProcessedMedia,
  moreMedia: readonly AlbumItemView[] = [],
): Promise<void> {
  const now = ctx.now();
  let published: boolean;
  try {
    published = await publishAndCount(ctx, postId, media, moreMedia, now);
  } catch (error) {
    await ctx.media.files.removeFolder(media.folder); // nothing points at it: the post was not published
    throw error;
  }
  ctx.caches.posts.forget(postId);
  if (!published) await ctx.media.files.removeFolder(media.folder);
  // The post is out: a failure from here on must not touch its media (the job's retry finds it ready).
  await discardUploadBytes(ctx, postId);
  // Out at last: the citizens its caption mentions are told now, not when it was written (ADR 077).
  if (published) await tell(ctx, { kind: 'mention', postId });
}

/**
 * The post's row becomes ready with its media, and one everyone may now see is counted on its tags, together, so
 * no tag ever counts a post that is not out, nor misses one that is (hashtag-links.ts). False when the post is no
 * longer processing (deleted, or settled by another run).
 */
async function publishAndCount(
  ctx: AppContext,
  postId: string,
  media: ProcessedMedia,
  moreMedia: readonly AlbumItemView[],
  now: number,
) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('posts')
      .set({
        status: 'ready',
        image_uri: media.imageUri,
        cover_image_uri: media.coverImageUri,
        video_uri: media.videoUri,
        hls_uri: media.hlsUri,
        renditions: JSON.stringify(media.renditions),
        placeholder: media.placeholder,
        width: media.width,
        height: media.height,
        more_media: moreMediaColumn(moreMedia),
        updated_at: now,
      })
      .where('id', '=', postId)
      .where('status', '=', 'processing')
      .where('deleted_at', 'is', null)
      .returning(['author_id', 'sharing', 'status', 'hidden_at', 'hashtags'])
      .executeTakeFirst();
    if (row && countedOnTags(row)) await countOnHashtags(trx, hashtagsOf(row));
    return row !== undefined;
  });
}

/** Processing gave up: the author sees why (the job keeps the code and message); the bytes are deleted. */
export async function failPost(ctx: AppContext, postId: string): Promise<void> {
  await ctx.db
    .updateTable('posts')
    .set({ status: 'failed', updated_at: ctx.now() })
    .where('id', '=', postId)
    .where('status', '=', 'processing')
    .execute();
  ctx.caches.posts.forget(postId);
  await discardUploadBytes(ctx, postId);
}
