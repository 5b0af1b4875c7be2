import { unfollow } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { takeBack } from '../notifications/notices.js';
import { quietly } from '../notifications/quietly.js';
import { requireOtherCitizen } from '../profiles/lookup.js';
import { removeFollow } from './follow-store.js';
import { cannotFollowSelf } from './self.js';

export default defineRoute(unfollow, async ({ params, caller, ctx, request }) => {
  const { callerId, otherId } = await requireOtherCitizen(ctx.db, caller.citizenId, params.citizenId, cannotFollowSelf);
  const followingCount = await removeFollow(ctx.db, callerId, otherId);
  quietly(request, takeBack(ctx, { kind: 'follow', followerId: callerId, followeeId: otherId }));
  return { citizenId: otherId, amIFollowing: false, followingCount };
});
