import type { Generated } from 'kysely';

export type PostStatusValue = 'awaiting_upload' | 'processing' | 'ready' | 'failed';

/** A post ("creators content"). Ids are UUID v7, so ordering by id is ordering by creation time. */
export interface PostsTable {
  id: string;
  author_id: string;
  caption: string;
  /** JSON array of mentioned citizen ids, in caption order. */
  mention_ids: string;
  /** JSON array of hashtag display names, in caption order. */
  hashtags: string;
  media_type: 'image' | 'video';
  sharing: 'public' | 'private';
  status: PostStatusValue;
  image_uri: string | null;
  cover_image_uri: string | null;
  video_uri: string | null;
  hls_uri: string | null;
  /** JSON array of `{ width, height, uri }` WebP renditions of the picture (a video's cover), narrowest first. */
  renditions: Generated<string>;
  /** A tiny blurred picture as a data URI, shown while the real one loads. */
  placeholder: string | null;
  width: number | null;
  height: number | null;
  alt_text: string | null;
  /**
   * An album's items after the first, processed (ADR 086): a JSON array of `{ mediaType, media }` as the contract's
   * AlbumItem has them; '[]' for a post of one picture or video.
   */
  more_media: Generated<string>;
  external_link: string | null;
  likes_count: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  /** Set while a moderator's decision hides the post from everyone but its author (ADR 070). */
  hidden_at: number | null;
  /** The reported reason the post was hidden for, shown to its author; null when not hidden. */
  moderation_reason: string | null;
  /** Its comments not hidden by a moderator (ADR 084), read fresh with the likes on every read (ADR 085). */
  comments_count: Generated<number>;
  /** 1 when its author turned comments off. */
  comments_off: Generated<number>;
}

export interface PostMentionsTable {
  post_id: string;
  citizen_id: string;
}
