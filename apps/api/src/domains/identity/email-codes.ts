import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { EmailCodesTable } from '../../db/tables/identity.js';
import { AppError } from '../../http/errors.js';

export type CodePurpose = EmailCodesTable['purpose'];

export const CODE_TTL_MS = 15 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

const digest = (secret: Buffer, purpose: CodePurpose, citizenId: string, code: string) =>
  createHmac('sha256', secret).update(`${purpose}:${citizenId}:${code}`).digest('base64url');

/** A fresh 6-digit code replacing any earlier one of the same purpose; only its HMAC is stored. */
export async function issueCode(
  db: Db,
  secret: Buffer,
  citizenId: string,
  purpose: CodePurpose,
  now: number,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = {
    code_hash: digest(secret, purpose, citizenId, code),
    attempts: 0,
    expires_at: now + CODE_TTL_MS,
    created_at: now,
  };
  await db
    .insertInto('email_codes')
    .values({ citizen_id: citizenId, purpose, ...row })
    .onConflict((conflict) => conflict.columns(['citizen_id', 'purpose']).doUpdateSet(row))
    .execute();
  return code;
}

const invalidCode = () => new AppError(400, 'INVALID_CODE', 'That code is wrong or has expired; ask for a new one');

/**
 * Spends one attempt on a code. Wrong, expired or exhausted codes all answer alike; the code is consumed
 * when it matches, and burnt after MAX_CODE_ATTEMPTS wrong tries.
 */
export async function consumeCode(
  db: Db,
  secret: Buffer,
  citizenId: string,
  purpose: CodePurpose,
  code: string,
  now: number,
): Promise<void> {
  const row = await db
    .selectFrom('email_codes')
    .selectAll()
    .where('citizen_id', '=', citizenId)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row || row.expires_at <= now || row.attempts >= MAX_CODE_ATTEMPTS) throw invalidCode();
  const given = Buffer.from(digest(secret, purpose, citizenId, code));
  const stored = Buffer.from(row.code_hash);
  if (given.length === stored.length && timingSafeEqual(given, stored)) {
    await db.deleteFrom('email_codes').where('citizen_id', '=', citizenId).where('purpose', '=', purpose).execute();
    return;
  }
  await db
    .updateTable('email_codes')
    .set({ attempts: row.attempts + 1 })
    .where('citizen_id', '=', citizenId)
    .where('purpose', '=', purpose)
    .execute();
  throw invalidCode();
}
