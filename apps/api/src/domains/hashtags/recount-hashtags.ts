import { type QueryExecutorProvider, sql } from 'kysely';
import { seenByEveryone } from '../posts/visibility.js';

/**
 * Sets every tag's `posts_count` from the posts themselves: the public, ready, not deleted posts linked to it
 * (what a count means: domains/posts/hashtag-links.ts), and names the number of tags it changed. Migration 009
 * ran the same statement once (a copy of its own, frozen with it); `civitas recount-hashtags` runs it again when counts may have drifted, such as after a rolling
 * upgrade across that migration, when processes of the earlier build counted the posts they wrote their old way.
 */
export async function recountHashtags(db: QueryExecutorProvider): Promise<number> {
  const result = await sql`
    update hashtags set posts_count = counted.n
    from (
      select hashtags.name_key as key, (
        select count(*) from post_hashtags
        join posts on posts.id = post_hashtags.post_id
        where post_hashtags.name_key = hashtags.name_key
          and ${seenByEveryone('posts')}
      ) as n
      from hashtags
    ) as counted
    where hashtags.name_key = counted.key and hashtags.posts_count <> counted.n`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
