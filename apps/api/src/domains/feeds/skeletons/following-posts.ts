import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { DialectName } from '../../../db/dialect.js';
import { idFloorAt } from '../../../db/ids.js';
import { invalidContinuationToken, PostIdKey, skeletonPage, startAfter } from '../keyset-page.js';
import type { FeedPipeline } from '../pipeline.js';

export interface FollowingSkeletonInput {
  db: Db;
  dialect: DialectName;
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
 * none twice. Who is followed is read on every page: an unfollow or a new friend counts from the next page on.
 * Deleted posts are left out in SQL (the index is partial on them); the rules stage drops the rest (not ready,
 * hidden, blocked, muted), so a page may come back short but never wrong.
 */
export function followingSkeleton(input: FollowingSkeletonInput): FeedPipeline['skeleton'] {
  const { db, dialect, cursorSecret, viewerId, size, snapshot } = input;
  const feed = `following:${viewerId}`;
  return async (token) => {
    const position = startAfter(cursorSecret, feed, token, PostIdKey);
    const asOf = position ? position.snapshot : snapshot;
    if (asOf === undefined) throw invalidContinuationToken();
    const before = position ? position.key[0] : idFloorAt(asOf + 1);
    const rows = await followingPageQuery(db, dialect, viewerId, before, size).execute();
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
 * Whose posts of which sharing the viewer's following feed holds, one row per stream: the public posts of each
 * citizen they follow, the friends-only posts of each friend, and all of their own. The one owner of that rule;
 * who may see each post is still the rules' (posts/visibility.ts). A friend not followed brings their friends-only
 * posts only: a public post reaches those who chose to follow.
 */
export function followingStreams(db: Db, viewerId: string) {
  const own = (sharing: 'public' | 'private') =>
    db
      .selectFrom('citizens')
      .select(['citizens.id as author_id', sql.lit(sharing).as('sharing')])
      .where('citizens.id', '=', viewerId);
  return db
    .selectFrom('follows')
    .select(['follows.followee_id as author_id', sql.lit('public').as('sharing')])
    .where('follows.follower_id', '=', viewerId)
    .unionAll(
      db
        .selectFrom('friendships')
        .select(['friendships.friend_id as author_id', sql.lit('private').as('sharing')])
        .where('friendships.citizen_id', '=', viewerId),
    )
    .unionAll(own('public'))
    .unionAll(own('private'));
}

/**
 * One page of the following feed as a query, kept apart so its plan can be checked: each stream is walked down its
 * author's index (posts_author_feed: author, sharing, id, live posts only) from `before`. PostgreSQL takes at most
 * a page from each stream (a lateral join), so a prolific author costs no more than a quiet one; SQLite, which has
 * no lateral join, walks each stream's posts below `before` and keeps the newest.
 */
export function followingPageQuery(db: Db, dialect: DialectName, viewerId: string, before: string, size: number) {
  const streams = followingStreams(db, viewerId).as('streams');
  if (dialect === 'postgres') {
    return db
      .selectFrom(streams)
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('posts')
            .select('posts.id')
            .whereRef('posts.author_id', '=', 'streams.author_id')
            .whereRef('posts.sharing', '=', 'streams.sharing')
            .where('posts.deleted_at', 'is', null)
            .where('posts.id', '<', before)
            .orderBy('posts.id', 'desc')
            .limit(size)
            .as('stream_posts'),
        (join) => join.onTrue(),
      )
      .select('stream_posts.id')
      .orderBy('stream_posts.id', 'desc')
      .limit(size);
  }
  return db
    .selectFrom(streams)
    .innerJoin('posts', (join) =>
      join.onRef('posts.author_id', '=', 'streams.author_id').onRef('posts.sharing', '=', 'streams.sharing'),
    )
    .select('posts.id')
    .where('posts.deleted_at', 'is', null)
    .where('posts.id', '<', before)
    .orderBy('posts.id', 'desc')
    .limit(size);
}
