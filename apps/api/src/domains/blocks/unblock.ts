import { unblock } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { requireOtherCitizen } from '../profiles/lookup.js';
import { removeBlock } from './block-store.js';
import { cannotBlockSelf } from './self.js';

export default defineRoute(unblock, async ({ params, caller, ctx }) => {
  const { callerId, otherId } = await requireOtherCitizen(ctx.db, caller.citizenId, params.citizenId, cannotBlockSelf);
  await removeBlock(ctx.db, callerId, otherId);
  return { citizenId: otherId, blocked: false };
});
