import { cancelFriendRequest } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { removeFriendRequest } from './friend-store.js';
import { friendRequestNotFound, requireRequestAs } from './request-party.js';

/** cancelled: the sender withdraws; the request is removed. */
export default defineRoute(cancelFriendRequest, async ({ params, caller, ctx }) => {
  const { request, otherId } = await requireRequestAs(ctx.db, params.id, caller.citizenId, 'sender', 'cancel');
  if (!(await removeFriendRequest(ctx.db, request.id))) throw friendRequestNotFound();
  return { friendRequestId: request.id, citizenId: otherId, isFriends: false };
});
