import type { Db } from '../../../db/database.js';
import { precompiled } from '../../../db/precompiled.js';
import { seenByEveryone } from '../../posts/visibility.js';
import {
  afterInTimeDescOrder,
  invalidContinuationToken,
  skeletonPage,
  startAfter,
  type TimeAndPostId,
  TimeAndPostIdKey,
} from '../keyset-page.js';
import type { FeedPipeline } from '../pipeline.js';

export interface StageSkeletonInput {
  db: Db;
  cursorSecret: Buffer;
  /** Upper-case ISO 3166-1 alpha-2 code. */
  country: string;
  size: number;
  /** Epoch ms the first page is taken as of; later pages use the one their token carries. */
  snapshot: number;
}

/**
 * The main stage of one country.
 *
 * Ranking: newest on the stage first, `staged_at desc, post_id desc`. Curation (the admin CLI, a curator
 * call, or the automatic rule in likes) decides what enters the stage and when; the moment of entry is the
 * ranking, so a post that earns its place later still reaches the top, and re-staging never reorders.
 *
 * Snapshot: only entries with `staged_at <= snapshot` are read, and the token carries the snapshot, so an
 * open paging session never sees a post staged after it began (nor, being keyset-paged, any duplicate).
 * Deleted, unready and private posts are filtered here in SQL so pages come back full.
 */
export function stageSkeleton({
  db,
  cursorSecret,
  country,
  size,
  snapshot,
}: StageSkeletonInput): FeedPipeline['skeleton'] {
  const feed = `stage:${country}`;
  return async (token) => {
    const position = startAfter(cursorSecret, feed, token, TimeAndPostIdKey);
    const asOf = position ? position.snapshot : snapshot;
    if (asOf === undefined) throw invalidContinuationToken();
    const rows = await stagePage(db, country, asOf, position?.key, size);
    return skeletonPage(
      cursorSecret,
      feed,
      rows,
      (row) => row.post_id,
      (row) => [row.staged_at, row.post_id],
      asOf,
    );
  };
}

/** Stage entries (post id, staged_at) in stage order, as of `asOf`, after a position or from the top. */
export const stagePage = precompiled({
  build: stagePageQuery,
  shape: (_country, _asOf, after) => (after ? 'after' : 'first'),
  parameters: (country, asOf, after, size) => [
    country,
    asOf,
    'ready',
    'public',
    ...(after ? [after[0], after[0], after[1]] : []),
    size,
  ],
});

/** One page of the stage as a query, kept apart so its plan can be checked. */
export function stagePageQuery(db: Db, country: string, asOf: number, after: TimeAndPostId | undefined, size: number) {
  let query = db
    .selectFrom('stage_entries')
    .innerJoin('posts', 'posts.id', 'stage_entries.post_id')
    .select(['stage_entries.post_id', 'stage_entries.staged_at'])
    .where('stage_entries.country', '=', country)
    .where('stage_entries.staged_at', '<=', asOf)
    .where(seenByEveryone('posts'));
  if (after) query = query.where(afterInTimeDescOrder('stage_entries.staged_at', 'stage_entries.post_id', after));
  return query.orderBy('stage_entries.staged_at', 'desc').orderBy('stage_entries.post_id', 'desc').limit(size);
}
