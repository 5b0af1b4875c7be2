import type { CitizenRole } from '@civitas/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { type AppError, forbidden } from '../errors.js';
import type { Caller } from './tokens.js';

/**
 * Whether a citizen holds a role, read from the database on every call that asks (ADR 070): one probe of the
 * roles' key. A role is not written into the access token, so taking it away (`civitas revoke-role`) ends it
 * on every instance at the next call, with no token to wait out and nothing to announce.
 */
export async function holdsRole(db: Db, citizenId: string, role: CitizenRole): Promise<boolean> {
  const row = await db
    .selectFrom('citizen_roles')
    .select('role')
    .where('citizen_id', '=', citizenId)
    .where('role', '=', role)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Every role a citizen holds, read as holdsRole reads one (ADR 070): a citizen's own view of themselves names
 * them (`MyProfileView.roles`, ADR 073), so a role given or taken shows at their next read of it.
 */
export async function rolesOf(db: Db, citizenId: string): Promise<CitizenRole[]> {
  const rows = await db
    .selectFrom('citizen_roles')
    .select('role')
    .where('citizen_id', '=', citizenId)
    .orderBy('role')
    .execute();
  return rows.map((row) => row.role as CitizenRole);
}

const refusals: Record<CitizenRole, () => AppError> = {
  moderator: () => forbidden('NOT_A_MODERATOR', 'Only moderators may do this'),
};

/**
 * The onRequest check of a call its contract reserves for a role (`EndpointDef.role`), run after authentication
 * and the budgets: a citizen without the role is a 403, before the handler runs.
 */
export const roleCheck =
  (db: Db, role: CitizenRole, callerOf: (request: FastifyRequest) => Caller | null | undefined) =>
  async (request: FastifyRequest): Promise<void> => {
    const caller = callerOf(request);
    if (caller?.kind !== 'citizen' || !(await holdsRole(db, caller.citizenId, role))) throw refusals[role]();
  };
