import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { columnTypes } from '../../db/dialect.js';
import type { Database } from '../../db/tables/index.js';
import { streamEdges, streamPosts } from './following-streams.js';

/**
 * The following feed's timelines (ADR 083): each reader's rows are the posts of their streams (following-streams.ts),
 * written when a post or a stream comes into being and taken out when it ends, always in the transaction that made
 * the change, so a page of the feed is one range of the reader's rows. test/feeds/following-timeline.test.ts holds
 * every timeline equal to the rule after each kind of change.
 */

/** A new post goes into the timeline of every reader of its stream (its author's included). */
export async function deliverPost(
  trx: Db,
  post: { id: string; author_id: string; sharing: 'public' | 'private' },
): Promise<void> {
  await trx
    .insertInto('following_timeline')
    .columns(['reader_id', 'post_id'])
    .expression(deliveryQuery(trx, post))
    .execute();
}

/** The rows a new post adds, as a query (PostgreSQL writes them in the post's own statement: write-post.ts). */
export const deliveryQuery = (db: Db, post: { id: string; author_id: string; sharing: 'public' | 'private' }) =>
  db
    .selectFrom(streamEdges(db, { author: post.author_id }).as('streams'))
    .select([
      'streams.reader_id',
      sql<string>`cast(${post.id} as ${sql.raw(columnTypes(db as never).id)})`.as('post_id'),
    ])
    .where('streams.sharing', '=', post.sharing);

/** deliveryQuery's values in the order its SQL names them, for a precompiled statement (which checks them). */
export const deliveryParameters = (post: { id: string; author_id: string; sharing: 'public' | 'private' }) => [
  post.id,
  ...Array.from({ length: 4 }, () => post.author_id),
  post.sharing,
];

/** A deleted post leaves every timeline. */
export async function withdrawPost(trx: Db, postId: string): Promise<void> {
  await trx.deleteFrom('following_timeline').where('post_id', '=', postId).execute();
}

/**
 * After the edges between two citizens changed (a friendship made or ended, a block), each one's timeline holds the
 * other's posts again as their streams now say: see `refillTimeline`.
 */
export async function refillPair(trx: Db, a: string, b: string): Promise<void> {
  await refillTimeline(trx, a, b);
  await refillTimeline(trx, b, a);
}

/**
 * After an edge from `reader` to `author` changed (a follow or unfollow changes only the follower's streams), the
 * reader's timeline holds the author's posts again as the streams now say: the author's rows taken out and the
 * streams' posts written back, so a change of any kind, or none, leaves the rule's rows.
 */
export async function refillTimeline(trx: Db, reader: string, author: string): Promise<void> {
  await trx
    .deleteFrom('following_timeline')
    .where('reader_id', '=', reader)
    .where('post_id', 'in', (eb) => livePostsOf(eb, author))
    .execute();
  await trx
    .insertInto('following_timeline')
    .columns(['reader_id', 'post_id'])
    .expression(streamPosts(trx, { reader, author }))
    .execute();
}

/**
 * An author's live posts, from posts_author_feed (live posts only, by author): a deleted post has left every
 * timeline already, and without the condition the index would not serve and every post would be read.
 */
const livePostsOf = (eb: ExpressionBuilder<Database, 'following_timeline'>, author: string) =>
  eb.selectFrom('posts').select('posts.id').where('posts.author_id', '=', author).where('posts.deleted_at', 'is', null);

/** Every timeline written from the streams at once (a generated dataset), as SQL without parameters. */
export function fillEveryTimelineStatement(db: Db): string {
  const compiled = fillEveryTimelineQuery(db).compile();
  if (compiled.parameters.length > 0) throw new Error('fillEveryTimelineStatement: the statement takes no values');
  return compiled.sql;
}

export async function fillEveryTimeline(db: Db): Promise<void> {
  await fillEveryTimelineQuery(db).execute();
}

// Rows already there (a database with citizens of its own) are kept.
const fillEveryTimelineQuery = (db: Db) =>
  db
    .insertInto('following_timeline')
    .columns(['reader_id', 'post_id'])
    .expression(streamPosts(db, 'everyone'))
    .onConflict((conflict) => conflict.columns(['reader_id', 'post_id']).doNothing());
