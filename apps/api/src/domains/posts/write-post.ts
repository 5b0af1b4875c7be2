import { increment } from '../../db/counters.js';
import type { Db } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import type { PostStatusValue } from '../../db/tables/index.js';
import { extractHashtags } from './caption.js';
import { linkHashtags, replaceMentions } from './hashtag-links.js';

export interface PostFields {
  authorId: string;
  caption: string;
  /** Already resolved and checked citizen ids. */
  mentionIds: readonly string[];
  mediaType: 'image' | 'video';
  sharing: 'public' | 'private';
  status: PostStatusValue;
  externalLink: string | null;
  media?: { imageUri?: string | null; coverImageUri?: string | null; videoUri?: string | null };
  width?: number | null;
  height?: number | null;
  altText?: string | null;
  createdAt: number;
}

/**
 * Writes a post with its mention and hashtag links and counts it on its author, in one transaction: the one
 * way a post comes into being, whether created by a citizen or seeded.
 */
export async function writePost(db: Db, fields: PostFields): Promise<string> {
  const id = newId(fields.createdAt);
  const hashtags = extractHashtags(fields.caption);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('posts')
      .values({
        id,
        author_id: fields.authorId,
        caption: fields.caption,
        mention_ids: JSON.stringify(fields.mentionIds),
        hashtags: JSON.stringify(hashtags),
        media_type: fields.mediaType,
        sharing: fields.sharing,
        status: fields.status,
        image_uri: fields.media?.imageUri ?? null,
        cover_image_uri: fields.media?.coverImageUri ?? null,
        video_uri: fields.media?.videoUri ?? null,
        hls_uri: null,
        width: fields.width ?? null,
        height: fields.height ?? null,
        alt_text: fields.altText ?? null,
        external_link: fields.externalLink,
        likes_count: 0,
        created_at: fields.createdAt,
        updated_at: fields.createdAt,
        deleted_at: null,
      })
      .execute();
    await replaceMentions(trx, id, fields.mentionIds);
    await linkHashtags(trx, id, hashtags, fields.createdAt);
    await trx
      .updateTable('citizens')
      .set({ posts_count: increment('posts_count') })
      .where('id', '=', fields.authorId)
      .execute();
  });
  return id;
}
