import { getProfileRelevantCreators } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { hasPublicPost, isDismissedBy, isFollowedBy, requireCitizen } from './graph-filters.js';
import { offsetPeoplePage } from './offset-list.js';

/** Creators (citizens with posts) this citizen follows whom I do not follow yet nor dismissed; most followed first. */
export default defineRoute(getProfileRelevantCreators, async ({ params, query, caller, ctx }) => {
  const { db } = ctx;
  const me = caller.citizenId;
  const citizenId = params.citizenId;
  await requireCitizen(db, citizenId, me);
  const followedByThem = db
    .selectFrom('follows as theirs')
    .select('theirs.followee_id')
    .where('theirs.follower_id', '=', citizenId);
  return offsetPeoplePage(db, {
    viewerId: me,
    where: (eb) =>
      eb.and([
        eb('citizens.id', 'in', followedByThem),
        eb('citizens.posts_count', '>', 0),
        eb.exists(hasPublicPost(db)),
        eb('citizens.id', '<>', me),
        eb.not(eb.exists(isFollowedBy(db, me))),
        eb.not(eb.exists(isDismissedBy(db, me))),
      ]),
    order: 'popularity',
    limit: query.limit,
    offset: query.offset,
  });
});
