import { block } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { requireOtherCitizen } from '../profiles/lookup.js';
import { addBlock } from './block-store.js';
import { cannotBlockSelf } from './self.js';

/** ADR 069: idempotent; follows, friendship and requests between us end in the same transaction. */
export default defineRoute(block, async ({ params, caller, ctx }) => {
  const { callerId, otherId } = await requireOtherCitizen(ctx.db, caller.citizenId, params.citizenId, cannotBlockSelf);
  // Either's open notification streams hear that lines went (their count with them).
  await ctx.bell.ring(await addBlock(ctx.db, callerId, otherId, ctx.now()));
  return { citizenId: otherId, blocked: true };
});
