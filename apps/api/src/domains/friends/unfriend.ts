import { unfriend } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { requireOtherCitizen } from '../profiles/lookup.js';
import { endFriendship } from './friend-store.js';

export default defineRoute(unfriend, async ({ params, caller, ctx }) => {
  const { callerId, otherId } = await requireOtherCitizen(ctx.db, caller.citizenId, params.citizenId, {
    code: 'CANNOT_UNFRIEND_SELF',
    message: 'You cannot unfriend yourself; use the id of another citizen',
  });
  await endFriendship(ctx.db, callerId, otherId);
  return { citizenId: otherId, isFriends: false as const };
});
