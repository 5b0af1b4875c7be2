import { getMe } from '@civitas/contract';
import { callerGone } from '../../http/live-caller.js';
import { defineRoute } from '../../http/route.js';
import { myProfileView, profileColumns } from './present.js';

export default defineRoute(getMe, async ({ caller, ctx }) => {
  const row = await ctx.db
    .selectFrom('citizens')
    .select(profileColumns)
    .where('id', '=', caller.citizenId)
    .executeTakeFirst();
  if (!row) throw callerGone();
  return myProfileView(row);
});
