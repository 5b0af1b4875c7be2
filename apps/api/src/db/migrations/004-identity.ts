import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const { id, time } = columnTypes(db);
  await db.schema
    .createTable('email_codes')
    .addColumn('citizen_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('email_codes_pk', ['citizen_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('authorization_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('citizen_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  await db.schema.createIndex('refresh_tokens_citizen').on('refresh_tokens').column('citizen_id').execute();
}
