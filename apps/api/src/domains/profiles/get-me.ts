import { getMe } from '@civitas/contract';
import { rolesOf } from '../../http/auth/roles.js';
import { callerGone } from '../../http/live-caller.js';
import { defineRoute } from '../../http/route.js';
import { myProfileView, profileColumns } from './present.js';

export default defineRoute(getMe, async ({ caller, ctx }) => {
  // The roles beside the row, read per request as the role checks read them (ADR 073).
  const [row, roles] = await Promise.all([
    ctx.db.selectFrom('citizens').select(profileColumns).where('id', '=', caller.citizenId).executeTakeFirst(),
    rolesOf(ctx.db, caller.citizenId),
  ]);
  if (!row) throw callerGone();
  return myProfileView(row, roles);
});
