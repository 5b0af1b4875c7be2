import { sendFriendRequest } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { requireOtherCitizen } from '../profiles/lookup.js';
import { createFriendRequest } from './friend-store.js';

export default defineRoute(sendFriendRequest, async ({ params, caller, ctx }) => {
  const { callerId, otherId } = await requireOtherCitizen(ctx.db, caller.citizenId, params.citizenId, {
    code: 'CANNOT_BEFRIEND_SELF',
    message: 'You cannot send a friend request to yourself; use the id of another citizen',
  });
  return { friendRequestId: await createFriendRequest(ctx.db, callerId, otherId, ctx.now()) };
});
