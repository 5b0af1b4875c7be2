import { type Lru, lru } from '../../cache/lru.js';
import type { CitizenSummaryRow, PostRow } from './rows.js';

/**
 * What a post's row holds apart from the columns every read takes fresh (likes_count, comments_count, deleted_at, hidden_at): caption,
 * links, media. It changes only through writes that also move `updated_at` or `status`, so an entry is used
 * only while both still equal the live row's: an edit made by another instance is noticed on the next read.
 * Writes made here also `forget` the entry at once (two writes within one millisecond keep `updated_at`).
 *
 * Any new write to these columns (media processing, say) must set `updated_at` and call `forget`.
 */
export type PostContent = Omit<PostRow, 'likes_count' | 'comments_count' | 'deleted_at' | 'hidden_at'>;

/** A row's content, in the same shape as the content query reads (one object shape in the cache). */
export const contentOf = (row: PostRow): PostContent => ({
  id: row.id,
  author_id: row.author_id,
  caption: row.caption,
  mention_ids: row.mention_ids,
  hashtags: row.hashtags,
  media_type: row.media_type,
  sharing: row.sharing,
  status: row.status,
  image_uri: row.image_uri,
  cover_image_uri: row.cover_image_uri,
  video_uri: row.video_uri,
  hls_uri: row.hls_uri,
  renditions: row.renditions,
  placeholder: row.placeholder,
  width: row.width,
  height: row.height,
  alt_text: row.alt_text,
  more_media: row.more_media,
  external_link: row.external_link,
  moderation_reason: row.moderation_reason,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export interface PostCache {
  get(id: string): PostContent | undefined;
  /** Stores content read from the database, unless a post was forgotten since `readSince` was taken. */
  store(content: PostContent, readSince: number): void;
  /** Drops a post's content after a write; fills already in flight are not stored. */
  forget(id: string): void;
  /** Taken before reading content from the database, passed back to `store`. */
  readonly epoch: number;
  readonly size: number;
}

export function postCache(maxEntries: number): PostCache {
  const entries: Lru<string, PostContent> = lru({ maxEntries });
  let epoch = 0;
  return {
    get: (id) => entries.get(id),
    store(content, readSince) {
      if (readSince === epoch) entries.set(content.id, content);
    },
    forget(id) {
      epoch += 1;
      entries.delete(id);
    },
    get epoch() {
      return epoch;
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Names and pictures of citizens a caption mentions, for a few seconds: no route changes them today, and
 * an author's own summary is read fresh with every post. A profile edit must `delete` its citizen here.
 */
export type CitizenSummaryCache = Lru<string, CitizenSummaryRow>;

export const citizenSummaryCache = (maxEntries: number, ttlMs: number): CitizenSummaryCache =>
  lru({ maxEntries, ttlMs });
