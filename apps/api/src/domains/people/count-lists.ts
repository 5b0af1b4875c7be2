import { getFollowers, getFollowing, getFriends } from '@civitas/contract';
import type { Db } from '../../db/database.js';
import { defineRoute, type Route } from '../../http/route.js';
import { requireCitizen } from './graph-filters.js';
import { offsetPeoplePage } from './offset-list.js';

/** One edge of a citizen's: the ids at its other end. */
type Edge = (db: Db, citizenId: string) => ReturnType<Db['selectFrom']>;

/**
 * The lists behind a profile's counts (issue 51): who follows a citizen, whom they follow, their friends. Each is
 * the people at the other end of one of their edges, through the people lists' own page (offset-list.ts): nobody
 * suspended or with a block between them and me, my friends first, then whom I follow, then the most followed;
 * and the citizen themself must be one I may see (404, as their profile). The three calls share their params,
 * query and page (countList in the contract), so one handler serves them.
 */
function edgeList(endpoint: typeof getFollowers | typeof getFollowing | typeof getFriends, edge: Edge): Route {
  return defineRoute(endpoint as typeof getFollowers, async ({ params, query, caller, ctx }) => {
    await requireCitizen(ctx.db, params.citizenId, caller.citizenId);
    return offsetPeoplePage(ctx.db, {
      viewerId: caller.citizenId,
      where: (eb) => eb('citizens.id', 'in', edge(ctx.db, params.citizenId) as never),
      order: 'closeness',
      limit: query.limit,
      offset: query.offset,
    });
  }) as unknown as Route;
}

export const countListRoutes = [
  edgeList(getFollowers, (db, id) => db.selectFrom('follows').select('follower_id').where('followee_id', '=', id)),
  edgeList(getFollowing, (db, id) => db.selectFrom('follows').select('followee_id').where('follower_id', '=', id)),
  edgeList(getFriends, (db, id) => db.selectFrom('friendships').select('friend_id').where('citizen_id', '=', id)),
];
