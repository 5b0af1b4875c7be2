import { getMutualConnections } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { followsCitizen, isFriendOf, requireCitizen } from './graph-filters.js';
import { offsetPeoplePage } from './offset-list.js';

/**
 * People connected to both of us: whom I follow or befriended, and who follow or befriended this citizen.
 * A list of facts rather than suggestions, so dismissals do not hide anyone here. My friends first.
 */
export default defineRoute(getMutualConnections, async ({ params, query, caller, ctx }) => {
  const { db } = ctx;
  const me = caller.citizenId;
  const citizenId = params.citizenId;
  await requireCitizen(db, citizenId, me);
  const myConnections = db
    .selectFrom('follows as mine')
    .select('mine.followee_id as id')
    .where('mine.follower_id', '=', me)
    .union(db.selectFrom('friendships as mine').select('mine.friend_id as id').where('mine.citizen_id', '=', me));
  return offsetPeoplePage(db, {
    viewerId: me,
    where: (eb) =>
      eb.and([
        eb('citizens.id', 'in', myConnections),
        eb.or([eb.exists(followsCitizen(db, citizenId)), eb.exists(isFriendOf(db, citizenId))]),
        eb('citizens.id', 'not in', [me, citizenId]),
      ]),
    order: 'closeness',
    limit: query.limit,
    offset: query.offset,
  });
});
