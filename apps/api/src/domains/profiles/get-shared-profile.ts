import { getSharedProfile } from '@civitas/contract';
import { notFound } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { citizenSummaryView } from '../posts/present.js';
import { publicRules } from '../posts/visibility.js';
import { socialCounts } from './present.js';
import { countVisiblePosts } from './visible-posts.js';

/**
 * The public part of a profile, for share previews and guests' server rendering; its post count is of the
 * posts the public feed shows: publicRules, for nobody in particular (visible-posts.ts).
 */
export default defineRoute(getSharedProfile, async ({ params, ctx }) => {
  const row = await ctx.db
    .selectFrom('citizens')
    .select([
      'id',
      'username',
      'display_name',
      'profile_picture_uri',
      'cover_picture_uri',
      'country',
      'bio',
      'followers_count',
      'following_count',
      'friends_count',
    ])
    .where('username_key', '=', params.username.toLowerCase())
    .where('pending_until', 'is', null)
    .where('suspended_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('CITIZEN_NOT_FOUND', `No citizen has the username "${params.username}"`);
  const postsCount = await countVisiblePosts(ctx.db, row.id, null, publicRules);
  return {
    ...citizenSummaryView(row),
    coverPictureUri: row.cover_picture_uri,
    bio: row.bio,
    ...socialCounts({ ...row, posts_count: postsCount }),
  };
});
