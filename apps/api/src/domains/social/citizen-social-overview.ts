import { getCitizenSocialOverview } from '@civitas/contract';
import { citizenNotFound } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { loadSocialOverview } from './social-overview.js';

export default defineRoute(getCitizenSocialOverview, async ({ params, caller, ctx }) => {
  const overview = await loadSocialOverview(ctx.db, params.id, caller.kind === 'citizen' ? caller.citizenId : null);
  if (!overview) throw citizenNotFound();
  return overview;
});
