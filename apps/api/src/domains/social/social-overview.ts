import type { SocialOverview } from '@civitas/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { socialCounts } from '../profiles/present.js';
import { postsCountFor } from '../profiles/visible-posts.js';

/**
 * A citizen's counters, read from their row (kept there in the same transaction as each edge); the post
 * count is the one the viewer (null: a guest) may see.
 */
export async function loadSocialOverview(
  db: Db,
  citizenId: string,
  viewerId: string | null,
): Promise<z.infer<typeof SocialOverview> | null> {
  const row = await db
    .selectFrom('citizens')
    .select(['id', 'followers_count', 'following_count', 'friends_count', 'posts_count'])
    .where('id', '=', citizenId)
    .where('pending_until', 'is', null)
    .where('suspended_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return { citizenId: row.id, ...socialCounts({ ...row, posts_count: await postsCountFor(db, row, viewerId) }) };
}
