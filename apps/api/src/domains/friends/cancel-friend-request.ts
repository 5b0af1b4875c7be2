import { cancelFriendRequest } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { takeBack } from '../notifications/notices.js';
import { quietly } from '../notifications/quietly.js';
import { removeFriendRequest } from './friend-store.js';
import { friendRequestNotFound, requireRequestAs } from './request-party.js';

/** cancelled: the sender withdraws; the request is removed. */
export default defineRoute(cancelFriendRequest, async ({ params, caller, ctx, request: call }) => {
  const { request, otherId } = await requireRequestAs(ctx.db, params.id, caller.citizenId, 'sender', 'cancel');
  if (!(await removeFriendRequest(ctx.db, request.id))) throw friendRequestNotFound();
  quietly(
    call,
    takeBack(ctx, { kind: 'friendRequest', requestId: request.id, fromId: request.from_id, toId: request.to_id }),
  );
  return { friendRequestId: request.id, citizenId: otherId, isFriends: false };
});
