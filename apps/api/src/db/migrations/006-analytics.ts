import type { Kysely } from 'kysely';

/** The analytics socket (docs/product.md §3): reports read events by day and name; erasure finds a citizen's events. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('analytics_events_created_name')
    .on('analytics_events')
    .columns(['created_at', 'event_name'])
    .execute();
  await db.schema.createIndex('analytics_events_citizen').on('analytics_events').column('citizen_id').execute();
}
