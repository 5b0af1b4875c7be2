import { REFRESH_REUSE_GRACE_MS } from '@civitas/contract';
import type { Db } from '../../../db/database.js';
import { newId } from '../../../db/ids.js';
import { digestSecret, randomToken } from '../secrets.js';

/** A refresh token is unused for at most this long... */
export const REFRESH_IDLE_MS = 14 * 86_400_000;
/** ...and its family (one sign-in) lives at most this long, however often it rotates. */
export const REFRESH_ABSOLUTE_MS = 60 * 86_400_000;
export interface IssuedRefresh {
  token: string;
  familyId: string;
  expiresAt: number;
}

async function insertToken(db: Db, citizenId: string, familyId: string, absoluteExpiresAt: number, now: number) {
  const token = randomToken();
  const expiresAt = Math.min(now + REFRESH_IDLE_MS, absoluteExpiresAt);
  await db
    .insertInto('refresh_tokens')
    .values({
      id: newId(now),
      family_id: familyId,
      citizen_id: citizenId,
      token_hash: digestSecret(token),
      created_at: now,
      expires_at: expiresAt,
      absolute_expires_at: absoluteExpiresAt,
      used_at: null,
      revoked_at: null,
    })
    .execute();
  return { token, familyId, expiresAt };
}

/** The first refresh token of a new family (a sign-in). */
export const startFamily = (db: Db, citizenId: string, now: number): Promise<IssuedRefresh> =>
  insertToken(db, citizenId, newId(now), now + REFRESH_ABSOLUTE_MS, now);

export type RotationResult =
  | { ok: true; citizenId: string; refresh: IssuedRefresh }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Rotation (RFC 9700 §4.14.2): every use returns a new token and spends the old one. Presenting a spent
 * token means it was copied, so the whole family is revoked: the thief and the victim both sign in again;
 * except within a short grace window after it was spent (REFRESH_REUSE_GRACE_MS), where two requests of the
 * same browser racing each other each get a token of the same family.
 */
export async function rotate(db: Db, presented: string, now: number): Promise<RotationResult> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', digestSecret(presented))
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revoked_at !== null) return { ok: false, reason: 'revoked' };
    if (row.expires_at <= now || row.absolute_expires_at <= now) return { ok: false, reason: 'expired' };
    const spent = await trx
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (spent.numUpdatedRows === 0n) {
      // Read again: a rotation running at the same moment may have spent it after the first read.
      const usedAt = (
        await trx.selectFrom('refresh_tokens').select('used_at').where('id', '=', row.id).executeTakeFirst()
      )?.used_at;
      if (usedAt == null || now - usedAt > REFRESH_REUSE_GRACE_MS) {
        await revokeFamily(trx, row.family_id, now);
        return { ok: false, reason: 'reused' };
      }
    }
    const refresh = await insertToken(trx, row.citizen_id, row.family_id, row.absolute_expires_at, now);
    return { ok: true, citizenId: row.citizen_id, refresh };
  });
}

export async function revokeFamily(db: Db, familyId: string, now: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Logout: revokes the family the presented token belongs to (whether or not it is still current). */
export async function revokeByToken(db: Db, presented: string, now: number): Promise<void> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', digestSecret(presented))
    .executeTakeFirst();
  if (row) await revokeFamily(db, row.family_id, now);
}

/** Password reset: every session of the account ends. */
export async function revokeAllFor(db: Db, citizenId: string, now: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('citizen_id', '=', citizenId)
    .where('revoked_at', 'is', null)
    .execute();
}
