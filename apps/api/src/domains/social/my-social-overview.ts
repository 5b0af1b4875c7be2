import { getMySocialOverview } from '@civitas/contract';
import { callerGone } from '../../http/live-caller.js';
import { defineRoute } from '../../http/route.js';
import { loadSocialOverview } from './social-overview.js';

export default defineRoute(getMySocialOverview, async ({ caller, ctx }) => {
  const overview = await loadSocialOverview(ctx.db, caller.citizenId, caller.citizenId);
  if (!overview) throw callerGone();
  return overview;
});
