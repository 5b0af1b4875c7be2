import type { SocialOverview } from '@civitas/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { socialCounts } from '../profiles/present.js';

/** A citizen's counters, read from their row (kept there in the same transaction as each edge). */
export async function loadSocialOverview(db: Db, citizenId: string): Promise<z.infer<typeof SocialOverview> | null> {
  const row = await db
    .selectFrom('citizens')
    .select(['id', 'followers_count', 'following_count', 'friends_count', 'posts_count'])
    .where('id', '=', citizenId)
    .executeTakeFirst();
  return row ? { citizenId: row.id, ...socialCounts(row) } : null;
}
