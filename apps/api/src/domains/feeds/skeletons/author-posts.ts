import type { Db } from '../../../db/database.js';
import { PostIdKey, skeletonPage, startAfter } from '../keyset-page.js';
import type { FeedPipeline } from '../pipeline.js';

export interface AuthorPostsSkeletonInput {
  db: Db;
  cursorSecret: Buffer;
  /** Binds tokens to this feed and subject, e.g. `profile:<id>:public`. */
  feed: string;
  authorId: string;
  sharing: 'public' | 'private';
  /** The author reading their own posts also sees those still uploading or processing (readyOrOwn). */
  includeUnready: boolean;
  size: number;
}

/**
 * One author's live posts of one sharing, newest first. Ids are UUID v7, so `id desc` is creation time
 * desc, and a post created while paging has a larger id than any cursor: it can only appear on a new
 * first page. Walks the partial index posts_author_feed (author_id, sharing, id) where deleted_at is null.
 */
export function authorPostsSkeleton(input: AuthorPostsSkeletonInput): FeedPipeline['skeleton'] {
  const { db, cursorSecret, feed, authorId, sharing, includeUnready, size } = input;
  return async (token) => {
    const position = startAfter(cursorSecret, feed, token, PostIdKey);
    const rows = await authorPageQuery(db, { authorId, sharing, includeUnready }, position?.key[0], size).execute();
    return skeletonPage(
      cursorSecret,
      feed,
      rows,
      (row) => row.id,
      (row) => [row.id],
    );
  };
}

/** One page of an author's posts as a query, kept apart so its plan can be checked. */
export function authorPageQuery(
  db: Db,
  { authorId, sharing, includeUnready }: Pick<AuthorPostsSkeletonInput, 'authorId' | 'sharing' | 'includeUnready'>,
  afterId: string | undefined,
  size: number,
) {
  let query = db
    .selectFrom('posts')
    .select('id')
    .where('author_id', '=', authorId)
    .where('sharing', '=', sharing)
    .where('deleted_at', 'is', null);
  if (!includeUnready) query = query.where('status', '=', 'ready');
  if (afterId !== undefined) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(size);
}
