import type { Db } from '../../../db/database.js';
import { seenByEveryone } from '../../posts/visibility.js';
import { PostIdKey, skeletonPage, startAfter } from '../keyset-page.js';
import type { FeedPipeline } from '../pipeline.js';

export interface HashtagPostsSkeletonInput {
  db: Db;
  cursorSecret: Buffer;
  /** The lower-cased tag (hashtags.name_key). */
  nameKey: string;
  size: number;
}

/**
 * Public, ready, live posts carrying one hashtag, newest first. Ids are UUID v7, so `post_id desc` is creation
 * time desc and a post tagged while paging has a larger id than any cursor: it can only appear on a new first
 * page. Walks the post_hashtags_tag index (name_key, post_id) backwards and looks each post up by its key.
 * An unknown tag has no rows: an empty page, no error.
 */
export function hashtagPostsSkeleton({
  db,
  cursorSecret,
  nameKey,
  size,
}: HashtagPostsSkeletonInput): FeedPipeline['skeleton'] {
  const feed = `hashtag:${nameKey}`;
  return async (token) => {
    const position = startAfter(cursorSecret, feed, token, PostIdKey);
    const rows = await hashtagPageQuery(db, nameKey, position?.key[0], size).execute();
    return skeletonPage(
      cursorSecret,
      feed,
      rows,
      (row) => row.post_id,
      (row) => [row.post_id],
    );
  };
}

/** One page of a hashtag's posts as a query, kept apart so its plan can be checked. */
export function hashtagPageQuery(db: Db, nameKey: string, afterId: string | undefined, size: number) {
  let query = db
    .selectFrom('post_hashtags')
    .innerJoin('posts', 'posts.id', 'post_hashtags.post_id')
    .select('post_hashtags.post_id')
    .where('post_hashtags.name_key', '=', nameKey)
    .where(seenByEveryone('posts'));
  if (afterId !== undefined) query = query.where('post_hashtags.post_id', '<', afterId);
  return query.orderBy('post_hashtags.post_id', 'desc').limit(size);
}
