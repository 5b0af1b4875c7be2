import { sql } from 'kysely';

/**
 * Whether a post counts in its author's `posts_count`: once its media has arrived (ADR 064). A post still
 * awaiting its upload is a draft the composer may discard or the sweep remove (sweep-waiting-posts.ts), so it
 * counts nowhere; leaving `awaiting_upload` (complete-upload.ts, the one way out) counts it. The check and its
 * SQL side by side, one rule.
 */
export const countedOnAuthor = (post: { status: string }): boolean => post.status !== 'awaiting_upload';

/** countedOnAuthor in SQL, on a row of `posts` (or a CTE with its `status`). */
export const countedOnAuthorSql = sql<boolean>`status <> 'awaiting_upload'`;

/** What a new post adds to its author's count: 1 once counted, else 0. */
export const authorStep = (post: { status: string }): number => (countedOnAuthor(post) ? 1 : 0);
