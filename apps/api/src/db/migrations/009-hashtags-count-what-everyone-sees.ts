import type { Kysely } from 'kysely';
import { recountHashtags } from '../../domains/hashtags/recount-hashtags.js';

/**
 * A tag's `posts_count` used to count every post linked to it, friends-only ones and unpublished drafts included,
 * so the hashtag list named tags only a private caption carried. It now counts the posts everyone may see
 * (public, ready, not deleted: domains/posts/hashtag-links.ts, ADR 049); this recounts what is already there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await recountHashtags(db);
}
