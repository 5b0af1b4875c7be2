import { unmute } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { requireOtherCitizen } from '../profiles/lookup.js';
import { removeMute } from './block-store.js';
import { cannotMuteSelf } from './self.js';

export default defineRoute(unmute, async ({ params, caller, ctx }) => {
  const { callerId, otherId } = await requireOtherCitizen(ctx.db, caller.citizenId, params.citizenId, cannotMuteSelf);
  await removeMute(ctx.db, callerId, otherId);
  return { citizenId: otherId, muted: false };
});
