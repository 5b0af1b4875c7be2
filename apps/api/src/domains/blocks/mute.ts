import { mute } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { requireOtherCitizen } from '../profiles/lookup.js';
import { addMute } from './block-store.js';
import { cannotMuteSelf } from './self.js';

/** ADR 069: idempotent; only my feeds and lists change, and the muted citizen is not told. */
export default defineRoute(mute, async ({ params, caller, ctx }) => {
  const { callerId, otherId } = await requireOtherCitizen(ctx.db, caller.citizenId, params.citizenId, cannotMuteSelf);
  await addMute(ctx.db, callerId, otherId, ctx.now());
  return { citizenId: otherId, muted: true };
});
