import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/ids.js';
import { extractHashtags } from '../domains/posts/caption.js';
import { linkHashtags, replaceMentions } from '../domains/posts/hashtag-links.js';

export interface NewPost {
  authorId: string;
  caption?: string;
  mentionIds?: string[];
  mediaType?: 'image' | 'video';
  sharing?: 'public' | 'private';
  status?: 'awaiting_upload' | 'processing' | 'ready' | 'failed';
  imageUri?: string | null;
  coverImageUri?: string | null;
  videoUri?: string | null;
  width?: number | null;
  height?: number | null;
  altText?: string | null;
  externalLink?: string | null;
  createdAt?: number;
}

/** Inserts a post as if uploaded and processed (ready by default): for seeding and tests. */
export async function insertPost(db: Db, post: NewPost, now: number): Promise<string> {
  const createdAt = post.createdAt ?? now;
  const id = newId(createdAt);
  const caption = post.caption ?? '';
  const hashtags = extractHashtags(caption);
  const mentionIds = post.mentionIds ?? [];
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('posts')
      .values({
        id,
        author_id: post.authorId,
        caption,
        mention_ids: JSON.stringify(mentionIds),
        hashtags: JSON.stringify(hashtags),
        media_type: post.mediaType ?? 'image',
        sharing: post.sharing ?? 'public',
        status: post.status ?? 'ready',
        image_uri: post.imageUri ?? null,
        cover_image_uri: post.coverImageUri ?? null,
        video_uri: post.videoUri ?? null,
        hls_uri: null,
        width: post.width ?? null,
        height: post.height ?? null,
        alt_text: post.altText ?? null,
        external_link: post.externalLink ?? null,
        likes_count: 0,
        created_at: createdAt,
        updated_at: createdAt,
        deleted_at: null,
      })
      .execute();
    await replaceMentions(trx, id, mentionIds);
    await linkHashtags(trx, id, hashtags, createdAt);
    await trx
      .updateTable('citizens')
      .set({ posts_count: sql`posts_count + 1` })
      .where('id', '=', post.authorId)
      .execute();
  });
  return id;
}
