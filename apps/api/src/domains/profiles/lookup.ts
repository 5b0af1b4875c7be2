import type { Db } from '../../db/database.js';
import { badRequest, citizenNotFound } from '../../http/errors.js';
import { callerGone } from '../../http/live-caller.js';

/** A valid token whose citizen no longer exists: the session is over, not the request malformed. */

/**
 * Ids are stored in lower case; PostgreSQL's uuid type ignores case but SQLite's text does not, so ids from
 * paths are lowered before lookups to behave alike on both.
 */
export const canonicalId = (id: string) => id.toLowerCase();

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
  const wanted = canonicalId(otherId);
  if (wanted === callerId) throw badRequest(self.code, self.message);
  const rows = await db.selectFrom('citizens').select('id').where('id', 'in', [callerId, wanted]).execute();
  if (!rows.some((row) => row.id === wanted)) throw citizenNotFound();
  if (!rows.some((row) => row.id === callerId)) throw callerGone();
  return { callerId, otherId: wanted };
}
