import type { Db } from '../db/database.js';
import type { ImageRendition } from '../domains/posts/renditions.js';
import { writePost } from '../domains/posts/write-post.js';

export interface NewPost {
  authorId: string;
  caption?: string;
  mentionIds?: string[];
  mediaType?: 'image' | 'video';
  sharing?: 'public' | 'private';
  status?: 'awaiting_upload' | 'processing' | 'ready' | 'failed';
  imageUri?: string | null;
  renditions?: readonly ImageRendition[];
  placeholder?: string | null;
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
  const written = await writePost(db, {
    authorId: post.authorId,
    caption: post.caption ?? '',
    mentionIds: post.mentionIds ?? [],
    mediaType: post.mediaType ?? 'image',
    sharing: post.sharing ?? 'public',
    status: post.status ?? 'ready',
    externalLink: post.externalLink ?? null,
    media: {
      imageUri: post.imageUri,
      coverImageUri: post.coverImageUri,
      videoUri: post.videoUri,
      renditions: post.renditions,
      placeholder: post.placeholder,
    },
    width: post.width,
    height: post.height,
    altText: post.altText,
    createdAt: post.createdAt ?? now,
  });
  return written.post.id;
}
