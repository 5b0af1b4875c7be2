import { getProfile } from '@civitas/contract';
import { notFound } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { blockedBetween } from '../blocks/block-store.js';
import { profileColumns, profileView } from './present.js';
import { loadRelationships, noRelationship } from './relationships.js';
import { postsCountFor } from './visible-posts.js';

/**
 * The citizen by case-insensitive username, then my relationship with them, then the count of their posts I
 * may see (friends-only posts count only for friends).
 */
export default defineRoute(getProfile, async ({ params, caller, ctx }) => {
  const row = await ctx.db
    .selectFrom('citizens')
    .select(profileColumns)
    .where('username_key', '=', params.username.toLowerCase())
    .where('pending_until', 'is', null)
    .where('suspended_at', 'is', null)
    .executeTakeFirst();
  const isMe = row?.id === caller.citizenId;
  // While a block stands, either way, the profile is answered as one that does not exist (ADR 069).
  if (!row || (!isMe && (await blockedBetween(ctx.db, caller.citizenId, row.id)))) {
    throw notFound('CITIZEN_NOT_FOUND', `No citizen has the username "${params.username}"`);
  }
  const relationship = isMe
    ? noRelationship
    : ((await loadRelationships(ctx.db, caller.citizenId, [row.id])).get(row.id) ?? noRelationship);
  const postsCount = await postsCountFor(ctx.db, row, caller.citizenId);
  return profileView({ ...row, posts_count: postsCount }, relationship, isMe);
});
