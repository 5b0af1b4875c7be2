import { type Kysely, sql } from 'kysely';

/**
 * A post awaiting its upload no longer counts on its author (ADR 064): the counts written before are recounted
 * without those posts, and a partial index finds them for the sweep that removes the ones whose upload never
 * came (few rows: only drafts are in it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update citizens set posts_count = (
      select count(*) from posts
      where posts.author_id = citizens.id and posts.deleted_at is null and posts.status <> 'awaiting_upload')
    where exists (
      select 1 from posts
      where posts.author_id = citizens.id and posts.deleted_at is null and posts.status = 'awaiting_upload')`.execute(
    db,
  );
  await db.schema
    .createIndex('posts_awaiting_upload')
    .on('posts')
    .column('created_at')
    .where(sql.ref('status'), '=', 'awaiting_upload')
    .execute();
}
