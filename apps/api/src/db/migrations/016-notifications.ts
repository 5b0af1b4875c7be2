import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * Notifications (ADR 077). `notifications` holds one row per thing that happened (an actor's like, follow,
 * request, acceptance or mention), unique per (recipient, actor, group), so a repeat tells nothing new;
 * `notification_groups` is what the list shows: one row per group (a post's likes of a day, a day's follows, a
 * request, a mention), with its newest row's id, so the list pages on (recipient, latest_id) and the unread
 * count is a range of the same index. `notification_settings` keeps how far a citizen has read and which kinds
 * they turned off; no row means nothing read and everything on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { id, time } = columnTypes(db);
  await db.schema
    .createTable('notifications')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('recipient_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('group_key', 'text', (c) => c.notNull())
    .addColumn('actor_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  // A withdrawal finds the actor's rows of a group (or of a post's groups, by the key's prefix) on this one.
  await db.schema
    .createIndex('notifications_recipient_actor_group')
    .on('notifications')
    .columns(['recipient_id', 'actor_id', 'group_key'])
    .unique()
    .execute();
  // A group's newest actors, and its recount after a withdrawal.
  await db.schema
    .createIndex('notifications_recipient_group')
    .on('notifications')
    .columns(['recipient_id', 'group_key', 'id'])
    .execute();

  await db.schema
    .createTable('notification_groups')
    .addColumn('recipient_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('group_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('post_id', id)
    .addColumn('latest_id', id, (c) => c.notNull())
    .addColumn('latest_at', time, (c) => c.notNull())
    .addColumn('actor_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_groups_pk', ['recipient_id', 'group_key'])
    .execute();
  await db.schema
    .createIndex('notification_groups_recipient_latest')
    .on('notification_groups')
    .columns(['recipient_id', 'latest_id'])
    .execute();
  // A deleted post's groups go with it; the sweeper takes the oldest first.
  await db.schema.createIndex('notification_groups_post').on('notification_groups').column('post_id').execute();
  await db.schema.createIndex('notification_groups_latest_at').on('notification_groups').column('latest_at').execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('citizen_id', id, (c) => c.primaryKey().references('citizens.id'))
    .addColumn('read_up_to', id)
    .addColumn('like_on', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('follow_on', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('friend_request_on', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('friend_accepted_on', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('mention_on', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
