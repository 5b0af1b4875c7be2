import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * Web Push (ADR 079): the browsers each citizen asked to be sent their notifications, one row per push service
 * endpoint (unique: a browser that subscribes for another citizen is moved to them, never told twice), with the
 * keys its payloads are encrypted to. The server's VAPID key pair is a row of `server_secrets` (migration 007),
 * shared by every instance as the other secrets are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { id, time } = columnTypes(db);
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('citizen_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  // The subscriptions of a batch's recipients, read at once; a citizen's oldest go past the limit.
  await db.schema
    .createIndex('push_subscriptions_citizen')
    .on('push_subscriptions')
    .columns(['citizen_id', 'created_at'])
    .execute();
}
