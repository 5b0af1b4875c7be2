import { follow } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { tell } from '../notifications/notices.js';
import { quietly } from '../notifications/quietly.js';
import { requireOtherCitizen } from '../profiles/lookup.js';
import { addFollow } from './follow-store.js';
import { cannotFollowSelf } from './self.js';

export default defineRoute(follow, async ({ params, caller, ctx, request }) => {
  const { callerId, otherId } = await requireOtherCitizen(ctx.db, caller.citizenId, params.citizenId, cannotFollowSelf);
  const followingCount = await addFollow(ctx.db, callerId, otherId, ctx.now());
  quietly(request, tell(ctx, { kind: 'follow', followerId: callerId, followeeId: otherId }, request.log));
  return { citizenId: otherId, amIFollowing: true, followingCount };
});
