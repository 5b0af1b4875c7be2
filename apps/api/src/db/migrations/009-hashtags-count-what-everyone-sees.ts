import { type Kysely, sql } from 'kysely';

/**
 * A tag's `posts_count` used to count every post linked to it, friends-only ones and unpublished drafts included,
 * so the hashtag list named tags only a private caption carried. It now counts the posts everyone may see
 * (public, ready, not deleted: domains/posts/hashtag-links.ts, ADR 049); this recounts what is already there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The statement of domains/hashtags/recount-hashtags.ts as it stood (ADR 049), copied: a migration must run
  // what it ran when it shipped, whatever the live code comes to do.
  await sql`
    update hashtags set posts_count = counted.n
    from (
      select hashtags.name_key as key, (
        select count(*) from post_hashtags
        join posts on posts.id = post_hashtags.post_id
        where post_hashtags.name_key = hashtags.name_key
          and posts.sharing = 'public' and posts.status = 'ready' and posts.deleted_at is null
      ) as n
      from hashtags
    ) as counted
    where hashtags.name_key = counted.key and hashtags.posts_count <> counted.n`.execute(db);
}
