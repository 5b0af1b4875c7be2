import { approveFriendRequest } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { tell } from '../notifications/notices.js';
import { quietly } from '../notifications/quietly.js';
import { acceptFriendRequest } from './friend-store.js';
import { friendRequestNotFound, requireRequestAs } from './request-party.js';

/** approved: the recipient accepts; the request is removed and both become friends. */
export default defineRoute(approveFriendRequest, async ({ params, caller, ctx, request: call }) => {
  const { request, otherId } = await requireRequestAs(ctx.db, params.id, caller.citizenId, 'recipient', 'approve');
  if (!(await acceptFriendRequest(ctx.db, request.id, ctx.now()))) throw friendRequestNotFound();
  quietly(
    call,
    tell(
      ctx,
      { kind: 'friendAccepted', requestId: request.id, fromId: request.from_id, toId: request.to_id },
      call.log,
    ),
  );
  return { friendRequestId: request.id, citizenId: otherId, isFriends: true };
});
