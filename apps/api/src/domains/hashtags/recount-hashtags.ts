import { type QueryExecutorProvider, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { authorNotSuspended, seenByEveryone } from '../posts/visibility.js';

/**
 * How many posts a tag counts, as a correlated subquery on a row of `hashtags`: the public, ready, not deleted,
 * not hidden posts linked to it (what a count means: domains/posts/hashtag-links.ts) whose author is not
 * suspended (the rule's own SQL, posts/visibility.ts; ADR 070).
 */
const countedPosts = sql<number>`(
  select count(*) from post_hashtags
  join posts on posts.id = post_hashtags.post_id
  where post_hashtags.name_key = hashtags.name_key
    and ${seenByEveryone('posts')}
    and ${authorNotSuspended.sql(sql`null`)}
)`;

/**
 * Sets every tag's `posts_count` from the posts themselves, and names the number of tags it changed. Migration 009
 * ran the same statement once (a copy of its own, frozen with it); `civitas recount-hashtags` runs it again when
 * counts may have drifted, such as after a rolling upgrade across that migration, when processes of the earlier
 * build counted the posts they wrote their old way.
 */
export async function recountHashtags(db: QueryExecutorProvider): Promise<number> {
  const result = await sql`
    update hashtags set posts_count = counted.n
    from (select hashtags.name_key as key, ${countedPosts} as n from hashtags) as counted
    where hashtags.name_key = counted.key and hashtags.posts_count <> counted.n`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * Locks the tags of every post of one author, in the keys' order every writer of tags takes (posts/hashtag-links.ts),
 * before a suspension locks any citizen: a post written or deleted locks its tags and then its author, so taking
 * the citizens first and the tags after could wait on each other. PostgreSQL only; SQLite writes one transaction at
 * a time.
 */
export async function lockTagsOf(db: Db, authorId: string): Promise<void> {
  if (dialectOf(db as never) !== 'postgres') return;
  await db
    .selectFrom('hashtags')
    .select('name_key')
    .where(
      'name_key',
      'in',
      db
        .selectFrom('post_hashtags as linked')
        .innerJoin('posts as tagged', 'tagged.id', 'linked.post_id')
        .select('linked.name_key')
        .where('tagged.author_id', '=', authorId),
    )
    .orderBy('name_key')
    .forNoKeyUpdate()
    .execute();
}

/**
 * Sets the counts of the tags one post, or every post of one author, carries: a moderator hid or restored the
 * post, or suspended or reinstated its author (ADR 070), in the decision's own transaction.
 */
export async function recountTagsOf(
  db: QueryExecutorProvider,
  posts: { postId: string } | { authorId: string },
): Promise<void> {
  const which = 'postId' in posts ? sql`tagged.id = ${posts.postId}` : sql`tagged.author_id = ${posts.authorId}`;
  await sql`
    update hashtags set posts_count = ${countedPosts}
    where hashtags.name_key in (
      select linked.name_key from post_hashtags as linked
      join posts as tagged on tagged.id = linked.post_id
      where ${which}
    )`.execute(db);
}
