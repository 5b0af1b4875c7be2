import type { Db } from '../../../db/database.js';
import { idFloorAt } from '../../../db/ids.js';
import { invalidContinuationToken, PostIdKey, skeletonPage, startAfter } from '../keyset-page.js';
import type { FeedPipeline } from '../pipeline.js';

export interface FollowingSkeletonInput {
  db: Db;
  cursorSecret: Buffer;
  viewerId: string;
  size: number;
  /** Epoch ms the first page is taken as of; later pages use the one their token carries. */
  snapshot: number;
}

/**
 * The following feed (ADR 081): the posts of every stream the viewer reads, newest first by id. Ids are UUID v7,
 * so `id desc` is creation order, and the snapshot is an id bound: the first page starts below the first id of
 * the moment after it, later pages below their token's id, so a post written while paging never appears, and
 * none twice. The page is read from the viewer's timeline, which an unfollow or a new friend changes at once: it
 * counts from the next page on. Deleted posts have left it; the rules stage drops the rest (not ready, hidden,
 * blocked, muted, suspended), so a page may come back short but never wrong.
 */
export function followingSkeleton(input: FollowingSkeletonInput): FeedPipeline['skeleton'] {
  const { db, cursorSecret, viewerId, size, snapshot } = input;
  const feed = `following:${viewerId}`;
  return async (token) => {
    const position = startAfter(cursorSecret, feed, token, PostIdKey);
    const asOf = position ? position.snapshot : snapshot;
    if (asOf === undefined) throw invalidContinuationToken();
    const before = position ? position.key[0] : idFloorAt(asOf + 1);
    const rows = await followingPageQuery(db, viewerId, before, size).execute();
    return skeletonPage(
      cursorSecret,
      feed,
      rows,
      (row) => row.id,
      (row) => [row.id],
      asOf,
    );
  };
}

/**
 * One page of the following feed as a query, kept apart so its plan can be checked: one range of the reader's
 * timeline (following-timeline.ts), newest first, below `before`.
 */
export function followingPageQuery(db: Db, viewerId: string, before: string, size: number) {
  return db
    .selectFrom('following_timeline')
    .select('following_timeline.post_id as id')
    .where('following_timeline.reader_id', '=', viewerId)
    .where('following_timeline.post_id', '<', before)
    .orderBy('following_timeline.post_id', 'desc')
    .limit(size);
}
