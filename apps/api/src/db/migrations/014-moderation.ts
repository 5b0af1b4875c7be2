import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * Reports and moderation (ADR 070): a post hidden by a moderator (`hidden_at`, with the report's reason its
 * author is shown), a suspended citizen (`suspended_at`), the roles the admin CLI gives (`citizen_roles`), the
 * reports themselves, and the log of every decision. Few posts and citizens ever carry a decision, hence the
 * partial indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { id, time } = columnTypes(db);
  await db.schema.alterTable('posts').addColumn('hidden_at', time).execute();
  await db.schema.alterTable('posts').addColumn('moderation_reason', 'text').execute();
  await db.schema.alterTable('citizens').addColumn('suspended_at', time).execute();
  await db.schema
    .createIndex('citizens_suspended_at')
    .on('citizens')
    .column('suspended_at')
    .where(sql.ref('suspended_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('citizen_roles')
    .addColumn('citizen_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('granted_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('citizen_roles_pk', ['citizen_id', 'role'])
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('reporter_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', id, (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('decided_at', time)
    .addColumn('decision', 'text')
    .execute();
  // One open report per reporter and subject: the database holds it, so two at once cannot both be written.
  await db.schema
    .createIndex('reports_one_open')
    .on('reports')
    .columns(['reporter_id', 'subject_kind', 'subject_id'])
    .unique()
    .where(sql.ref('state'), '=', sql.lit('open'))
    .execute();
  // A reporter's own reports, newest first; the queue's subjects, by state; a subject's reports, when decided.
  await db.schema.createIndex('reports_reporter').on('reports').columns(['reporter_id', 'id']).execute();
  await db.schema
    .createIndex('reports_subject')
    .on('reports')
    .columns(['subject_kind', 'subject_id', 'state'])
    .execute();
  await db.schema.createIndex('reports_state').on('reports').columns(['state', 'id']).execute();

  await db.schema
    .createTable('moderation_log')
    .addColumn('id', id, (c) => c.primaryKey())
    // Null when the decision was taken at the admin CLI.
    .addColumn('moderator_id', id, (c) => c.references('citizens.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', id, (c) => c.notNull())
    .addColumn('report_id', id)
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
}
