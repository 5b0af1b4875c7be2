import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/** Publishing (ADR 009): picture renditions on posts, multipart uploads and the durable media job queue. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { id, time } = columnTypes(db);
  await db.schema
    .alterTable('posts')
    .addColumn('renditions', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('posts').addColumn('placeholder', 'text').execute();

  // The first schema's uploads table was never written to; this one carries the multipart state.
  await db.schema.dropTable('uploads').execute();
  await db.schema
    .createTable('uploads')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('post_id', id, (c) => c.notNull().references('posts.id'))
    .addColumn('owner_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text')
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('part_size', 'integer', (c) => c.notNull())
    .addColumn('parts_count', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_post').on('uploads').columns(['post_id', 'kind']).execute();
  // Rate and daily quota: an owner's uploads by time.
  await db.schema.createIndex('uploads_owner_created').on('uploads').columns(['owner_id', 'created_at']).execute();
  // The sweeper: open uploads by expiry.
  await db.schema.createIndex('uploads_status_expires').on('uploads').columns(['status', 'expires_at']).execute();

  await db.schema
    .createTable('media_jobs')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('post_id', id, (c) => c.notNull().references('posts.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', time, (c) => c.notNull())
    .addColumn('locked_until', time)
    .addColumn('stage', 'text')
    .addColumn('percent', 'integer')
    .addColumn('failure_code', 'text')
    .addColumn('failure_message', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_jobs_post').on('media_jobs').column('post_id').execute();
  await db.schema.createIndex('media_jobs_due').on('media_jobs').columns(['status', 'run_after']).execute();
}
