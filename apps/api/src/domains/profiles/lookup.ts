import type { Db } from '../../db/database.js';
import { badRequest, citizenNotFound } from '../../http/errors.js';
import { callerGone } from '../../http/live-caller.js';

// Ids arrive lower-cased: the contract's Id schema normalises them for both databases.

export interface CitizenPair {
  callerId: string;
  otherId: string;
}

/**
 * The caller and another citizen, checked in one query before a graph edge between them changes:
 * 400 when they are the same person, 404 when the other is unknown.
 */
export async function requireOtherCitizen(
  db: Db,
  callerId: string,
  otherId: string,
  self: { code: string; message: string },
): Promise<CitizenPair> {
  if (otherId === callerId) throw badRequest(self.code, self.message);
  // A pending account (ADR 053) is nobody yet, a suspended one (ADR 070) nobody for now: it cannot be followed,
  // befriended or dismissed.
  const rows = await db
    .selectFrom('citizens')
    .select('id')
    .where('id', 'in', [callerId, otherId])
    .where('pending_until', 'is', null)
    .where('suspended_at', 'is', null)
    .execute();
  if (!rows.some((row) => row.id === otherId)) throw citizenNotFound();
  if (!rows.some((row) => row.id === callerId)) throw callerGone();
  return { callerId, otherId };
}
