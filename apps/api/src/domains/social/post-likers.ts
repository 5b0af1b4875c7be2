import { getPostLikers } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { offsetPeoplePage } from '../people/offset-list.js';
import { loadVisiblePost } from '../posts/load.js';

/**
 * Who liked a post (the list behind its count, issue 51), for a reader who may see the post (404 otherwise, as the
 * post's own page: a friends-only post's likers are its audience's to see), through the people lists' page.
 */
export default defineRoute(getPostLikers, async ({ params, query, caller, ctx }) => {
  const me = caller.citizenId;
  await loadVisiblePost(ctx, params.id, me);
  return offsetPeoplePage(ctx.db, {
    viewerId: me,
    where: (eb) =>
      eb(
        'citizens.id',
        'in',
        ctx.db.selectFrom('likes').select('likes.citizen_id').where('likes.post_id', '=', params.id),
      ),
    order: 'closeness',
    limit: query.limit,
    offset: query.offset,
  });
});
