import { type Kysely, sql } from 'kysely';

/**
 * A tag's `posts_count` used to count every post linked to it, friends-only ones and unpublished drafts included,
 * so the hashtag list named tags only a private caption carried. It now counts the posts everyone may see
 * (public, ready, not deleted: domains/posts/hashtag-links.ts); this recounts what is already there. Deleted
 * posts have no links left (a delete removes them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update hashtags set posts_count = (
      select count(*) from post_hashtags
      join posts on posts.id = post_hashtags.post_id
      where post_hashtags.name_key = hashtags.name_key
        and posts.sharing = 'public' and posts.status = 'ready' and posts.deleted_at is null
    )`.execute(db);
}
