import { approveFriendRequest } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { acceptFriendRequest } from './friend-store.js';
import { friendRequestNotFound, requireRequestAs } from './request-party.js';

/** approved: the recipient accepts; the request is removed and both become friends. */
export default defineRoute(approveFriendRequest, async ({ params, caller, ctx }) => {
  const { request, otherId } = await requireRequestAs(ctx.db, params.id, caller.citizenId, 'recipient', 'approve');
  if (!(await acceptFriendRequest(ctx.db, request.id, ctx.now()))) throw friendRequestNotFound();
  return { friendRequestId: request.id, citizenId: otherId, isFriends: true };
});
