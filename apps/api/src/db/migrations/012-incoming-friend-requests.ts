import type { Kysely } from 'kysely';

/** The friend requests waiting for one citizen, newest first (friends/get-incoming-friend-requests.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('friend_requests_to_created')
    .on('friend_requests')
    .columns(['to_id', 'created_at', 'id'])
    .execute();
}
