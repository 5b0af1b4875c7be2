import { sendFriendRequest } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { tell } from '../notifications/notices.js';
import { quietly } from '../notifications/quietly.js';
import { requireOtherCitizen } from '../profiles/lookup.js';
import { createFriendRequest } from './friend-store.js';

export default defineRoute(sendFriendRequest, async ({ params, caller, ctx, request }) => {
  const { callerId, otherId } = await requireOtherCitizen(ctx.db, caller.citizenId, params.citizenId, {
    code: 'CANNOT_BEFRIEND_SELF',
    message: 'You cannot send a friend request to yourself; use the id of another citizen',
  });
  const friendRequestId = await createFriendRequest(ctx.db, callerId, otherId, ctx.now());
  quietly(request, tell(ctx, { kind: 'friendRequest', requestId: friendRequestId }, request.log));
  return { friendRequestId };
});
