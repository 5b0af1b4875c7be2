import { getProfileRelevantCitizens } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { isDismissedBy, isFriendOf, requireCitizen } from './graph-filters.js';
import { offsetPeoplePage } from './offset-list.js';

/** This citizen's friends who are not my friends yet and whom I have not dismissed; most followed first. */
export default defineRoute(getProfileRelevantCitizens, async ({ params, query, caller, ctx }) => {
  const { db } = ctx;
  const me = caller.citizenId;
  const citizenId = params.citizenId;
  await requireCitizen(db, citizenId, me);
  const theirFriends = db
    .selectFrom('friendships as theirs')
    .select('theirs.friend_id')
    .where('theirs.citizen_id', '=', citizenId);
  return offsetPeoplePage(db, {
    viewerId: me,
    where: (eb) =>
      eb.and([
        eb('citizens.id', 'in', theirFriends),
        eb('citizens.id', '<>', me),
        eb.not(eb.exists(isFriendOf(db, me))),
        eb.not(eb.exists(isDismissedBy(db, me))),
      ]),
    order: 'popularity',
    limit: query.limit,
    offset: query.offset,
  });
});
