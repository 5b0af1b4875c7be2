import type { Db } from '../../../db/database.js';
import { seenByEveryone } from '../../posts/visibility.js';
import {
  afterInTimeDescOrder,
  skeletonPage,
  startAfter,
  type TimeAndPostId,
  TimeAndPostIdKey,
} from '../keyset-page.js';
import type { FeedPipeline } from '../pipeline.js';

export interface LovedPostsSkeletonInput {
  db: Db;
  cursorSecret: Buffer;
  influencerId: string;
  size: number;
}

/**
 * Public, ready, live posts a creator liked, most recently liked first: `likes.created_at desc, post_id
 * desc` over the likes_by_citizen index (citizen_id, created_at, post_id). A like given while paging is
 * newer than any cursor, so it never lands on a later page; an unlike simply drops the post out.
 *
 * The machine (share preview) and citizen calls read the same feed, so a page rendered on the server can
 * be continued by the signed-in browser with the same token.
 */
export function lovedPostsSkeleton({
  db,
  cursorSecret,
  influencerId,
  size,
}: LovedPostsSkeletonInput): FeedPipeline['skeleton'] {
  const feed = `loved:${influencerId}`;
  return async (token) => {
    const position = startAfter(cursorSecret, feed, token, TimeAndPostIdKey);
    const rows = await lovedPageQuery(db, influencerId, position?.key, size).execute();
    return skeletonPage(
      cursorSecret,
      feed,
      rows,
      (row) => row.post_id,
      (row) => [row.created_at, row.post_id],
    );
  };
}

/** One page of loved posts as a query, kept apart so its plan can be checked. */
export function lovedPageQuery(db: Db, influencerId: string, after: TimeAndPostId | undefined, size: number) {
  let query = db
    .selectFrom('likes')
    .innerJoin('posts', 'posts.id', 'likes.post_id')
    .select(['likes.post_id', 'likes.created_at'])
    .where('likes.citizen_id', '=', influencerId)
    .where(seenByEveryone('posts'));
  if (after) query = query.where(afterInTimeDescOrder('likes.created_at', 'likes.post_id', after));
  return query.orderBy('likes.created_at', 'desc').orderBy('likes.post_id', 'desc').limit(size);
}
