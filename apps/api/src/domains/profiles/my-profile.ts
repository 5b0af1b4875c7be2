import type { MyProfileView } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import { rolesOf } from '../../http/auth/roles.js';
import { myProfileView, type ProfileRow } from './present.js';

/**
 * My profile as every call that answers it gives it: the row, and the roles I hold read from the roles' table
 * with each answer, as the role checks read them (ADR 070), so a role given or taken shows at the next read (ADR 073).
 */
export async function myProfileAnswer(ctx: Pick<AppContext, 'db'>, row: ProfileRow): Promise<MyProfileView> {
  return myProfileView(row, await rolesOf(ctx.db, row.id));
}
