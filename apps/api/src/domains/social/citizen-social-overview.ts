import { getCitizenSocialOverview } from '@civitas/contract';
import { citizenNotFound } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { blockedBetween } from '../blocks/block-store.js';
import { loadSocialOverview } from './social-overview.js';

/** While a block stands, either way, the citizen is answered as one that does not exist (ADR 069). */
export default defineRoute(getCitizenSocialOverview, async ({ params, caller, ctx }) => {
  if (caller.kind === 'citizen' && (await blockedBetween(ctx.db, caller.citizenId, params.id))) {
    throw citizenNotFound();
  }
  const overview = await loadSocialOverview(ctx.db, params.id, caller.kind === 'citizen' ? caller.citizenId : null);
  if (!overview) throw citizenNotFound();
  return overview;
});
