import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * Comments (ADR 084): one row per comment, a reply naming its comment in `parent_id` (one level deep) and every
 * comment its thread in `thread_id` (its own id for a comment, its parent's for a reply), so the list, oldest
 * thread first with each thread's replies under it, is one range of `comments_thread`. A post keeps its count of
 * comments shown (`comments_count`, kept in the transaction of each comment's write) and its author's switch
 * (`comments_off`, 1 when nobody may comment). Rows go with their post's and their author's. A citizen's switch of
 * the notifications of comments and replies joins the other kinds' in `notification_settings`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { id, time } = columnTypes(db);
  await db.schema
    .createTable('comments')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('post_id', id, (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('thread_id', id, (c) => c.notNull())
    .addColumn('parent_id', id, (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('author_id', id, (c) => c.notNull().references('citizens.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('mention_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('hidden_at', time)
    .addColumn('moderation_reason', 'text')
    .execute();
  await db.schema.createIndex('comments_thread').on('comments').columns(['post_id', 'thread_id', 'id']).execute();
  // A comment's replies, for the parent's cascade; a citizen's comments, for the author's.
  await db.schema.createIndex('comments_parent').on('comments').column('parent_id').execute();
  await db.schema.createIndex('comments_author').on('comments').column('author_id').execute();
  await db.schema
    .alterTable('posts')
    .addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('comments_off', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('notification_settings')
    .addColumn('comment_on', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notification_settings').dropColumn('comment_on').execute();
  await db.schema.alterTable('posts').dropColumn('comments_off').execute();
  await db.schema.alterTable('posts').dropColumn('comments_count').execute();
  await db.schema.dropTable('comments').execute();
}
