import { getSharedProfile } from '@civitas/contract';
import { notFound } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { citizenSummaryView } from '../posts/present.js';
import { socialCounts } from './present.js';

/**
 * The public part of a profile, for share previews and guests' server rendering. The stored `posts_count`
 * counts private and unfinished posts too, so the count here is of the posts the public feed shows (live,
 * ready, public), read along the partial index the profile feed walks (posts_author_feed).
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
    .executeTakeFirst();
  if (!row) throw notFound('CITIZEN_NOT_FOUND', `No citizen has the username "${params.username}"`);
  const publicPosts = await ctx.db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('author_id', '=', row.id)
    .where('sharing', '=', 'public')
    .where('deleted_at', 'is', null)
    .where('status', '=', 'ready')
    .executeTakeFirstOrThrow();
  return {
    ...citizenSummaryView(row),
    coverPictureUri: row.cover_picture_uri,
    bio: row.bio,
    ...socialCounts({ ...row, posts_count: Number(publicPosts.count) }),
  };
});
