import { declineFriendRequest } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { removeFriendRequest } from './friend-store.js';
import { friendRequestNotFound, requireRequestAs } from './request-party.js';

/** declined: the recipient turns it down; the request is removed. */
export default defineRoute(declineFriendRequest, async ({ params, caller, ctx }) => {
  const { request, otherId } = await requireRequestAs(ctx.db, params.id, caller.citizenId, 'recipient', 'decline');
  if (!(await removeFriendRequest(ctx.db, request.id))) throw friendRequestNotFound();
  return { friendRequestId: request.id, citizenId: otherId, isFriends: false };
});
