import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Whose posts of which sharing each citizen's following feed holds (ADRs 081, 083), the one owner of that rule: a
 * reader has a stream of the public posts of each citizen they follow, of the friends-only posts of each friend, and of
 * all their own. A friend not followed brings their friends-only posts only: a public post reaches those who chose
 * to follow. Who may see each post is still the rules' (posts/visibility.ts), applied as the feed is read.
 *
 * The streams are read from one side at a time, each from its own index: a reader's (to fill their timeline when an
 * edge of theirs changes), an author's (to deliver a new post), or everyone's (to fill every timeline at once).
 * Friendships are stored both ways, so either column of a row can stand for the reader.
 */
export type StreamSide = { reader: string; author?: string } | { author: string } | 'everyone';

export function streamEdges(db: Db, side: StreamSide) {
  const reader = side !== 'everyone' && 'reader' in side ? side.reader : undefined;
  const author = side === 'everyone' ? undefined : side.author;
  const follows = db
    .selectFrom('follows')
    .select(['follows.follower_id as reader_id', 'follows.followee_id as author_id', sql.lit('public').as('sharing')])
    .$if(reader !== undefined, (q) => q.where('follows.follower_id', '=', reader as string))
    .$if(author !== undefined, (q) => q.where('follows.followee_id', '=', author as string));
  // Friendships are stored both ways: keyed by the author's side when only the author is given (a delivery), by the
  // reader's otherwise; the friend is the other column.
  const byAuthor = reader === undefined && author !== undefined;
  const friends = db
    .selectFrom('friendships')
    .select([
      byAuthor ? 'friendships.friend_id as reader_id' : 'friendships.citizen_id as reader_id',
      byAuthor ? 'friendships.citizen_id as author_id' : 'friendships.friend_id as author_id',
      sql.lit('private').as('sharing'),
    ])
    .$if(reader !== undefined, (q) => q.where('friendships.citizen_id', '=', reader as string))
    .$if(author !== undefined, (q) =>
      q.where(byAuthor ? 'friendships.citizen_id' : 'friendships.friend_id', '=', author as string),
    );
  const own = (sharing: 'public' | 'private') =>
    db
      .selectFrom('citizens')
      .select(['citizens.id as reader_id', 'citizens.id as author_id', sql.lit(sharing).as('sharing')])
      .$if(reader !== undefined, (q) => q.where('citizens.id', '=', reader as string))
      .$if(author !== undefined, (q) => q.where('citizens.id', '=', author as string));
  return follows.unionAll(friends).unionAll(own('public')).unionAll(own('private'));
}

/** The streams' posts (live ones: a deleted post leaves every timeline), as rows of a timeline. */
export function streamPosts(db: Db, side: StreamSide) {
  return db
    .selectFrom(streamEdges(db, side).as('streams'))
    .innerJoin('posts', (join) =>
      join.onRef('posts.author_id', '=', 'streams.author_id').onRef('posts.sharing', '=', 'streams.sharing'),
    )
    .select(['streams.reader_id', 'posts.id as post_id'])
    .where('posts.deleted_at', 'is', null);
}
