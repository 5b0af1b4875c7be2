import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Relations } from './person.js';

/** Whom among `ids` the viewer follows and is friends with: one query for a whole list. */
export async function loadRelations(db: Db, viewerId: string, ids: readonly string[]): Promise<Relations> {
  const following = new Set<string>();
  const friends = new Set<string>();
  if (ids.length === 0) return { following, friends };
  const unique = [...new Set(ids)];
  const rows = await db
    .selectFrom('follows')
    .select(['followee_id as id', sql<string>`'following'`.as('relation')])
    .where('follower_id', '=', viewerId)
    .where('followee_id', 'in', unique)
    .unionAll(
      db
        .selectFrom('friendships')
        .select(['friend_id as id', sql<string>`'friend'`.as('relation')])
        .where('citizen_id', '=', viewerId)
        .where('friend_id', 'in', unique),
    )
    .execute();
  for (const row of rows) (row.relation === 'friend' ? friends : following).add(row.id);
  return { following, friends };
}
