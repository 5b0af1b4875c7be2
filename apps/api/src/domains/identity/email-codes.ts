import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { EmailCodesTable } from '../../db/tables/identity.js';
import { AppError, tooManyRequests } from '../../http/errors.js';

export type CodePurpose = EmailCodesTable['purpose'];

export const CODE_TTL_MS = 15 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

/** HMAC of an emailed secret (a code, or a reset link's random part) under the server secret. */
export const secretDigest = (secret: Buffer, purpose: CodePurpose, citizenId: string, value: string) =>
  createHmac('sha256', secret).update(`${purpose}:${citizenId}:${value}`).digest('base64url');

/** Stores the HMAC of an emailed secret, replacing any earlier one of the same purpose for the account. */
export async function storeSecret(
  db: Db,
  secret: Buffer,
  citizenId: string,
  purpose: CodePurpose,
  value: string,
  expiresAt: number,
  now: number,
): Promise<void> {
  const row = {
    code_hash: secretDigest(secret, purpose, citizenId, value),
    attempts: 0,
    expires_at: expiresAt,
    created_at: now,
  };
  await db
    .insertInto('email_codes')
    .values({ citizen_id: citizenId, purpose, ...row })
    .onConflict((conflict) => conflict.columns(['citizen_id', 'purpose']).doUpdateSet(row))
    .execute();
}

/** A fresh 6-digit code replacing any earlier one of the same purpose; only its HMAC is stored. */
export async function issueCode(
  db: Db,
  secret: Buffer,
  citizenId: string,
  purpose: CodePurpose,
  now: number,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await storeSecret(db, secret, citizenId, purpose, code, now + CODE_TTL_MS, now);
  return code;
}

const invalidCode = () => new AppError(400, 'INVALID_CODE', 'That code is wrong or has expired; ask for a new one');

const DAY_MS = 24 * 60 * 60_000;

/**
 * Spends one attempt on a code. Wrong, expired or exhausted codes all answer alike; the code is consumed
 * when it matches, and burnt after MAX_CODE_ATTEMPTS wrong tries. Every try also spends the account's daily
 * budget for the purpose (CODE_GUESSES_PER_DAY, across all codes sent): past it the answer is 429, whatever
 * the code, so asking for new codes never buys new guesses.
 */
export async function consumeCode(
  ctx: Pick<AppContext, 'db' | 'keys' | 'limiter' | 'config'>,
  citizenId: string,
  purpose: CodePurpose,
  code: string,
  now: number,
): Promise<void> {
  const { db } = ctx;
  const secret = ctx.keys.cursorSecret;
  const wait = await ctx.limiter.hit(`code-guesses:${purpose}:${citizenId}`, ctx.config.CODE_GUESSES_PER_DAY, DAY_MS);
  if (wait > 0) {
    const hours = Math.ceil(wait / 3600);
    throw tooManyRequests(
      'TOO_MANY_CODE_ATTEMPTS',
      `Too many codes were tried for this account today; try again in ${hours} hour${hours === 1 ? '' : 's'}`,
      wait,
    );
  }
  const row = await db
    .selectFrom('email_codes')
    .selectAll()
    .where('citizen_id', '=', citizenId)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row || row.expires_at <= now || row.attempts >= MAX_CODE_ATTEMPTS) throw invalidCode();
  const given = Buffer.from(secretDigest(secret, purpose, citizenId, code));
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
