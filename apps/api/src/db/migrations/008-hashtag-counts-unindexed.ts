import type { Kysely } from 'kysely';

/**
 * Every new post moves its hashtags' `posts_count`. While that column was indexed (`hashtags_popularity`), no
 * such update could be HOT on PostgreSQL: each wrote an entry into all three of the table's indexes, about a
 * seventh of a post's database CPU. The unfiltered list it ordered is kept in memory instead (ADR 046).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('hashtags_popularity').ifExists().execute();
}
