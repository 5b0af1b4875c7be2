import { randomBytes } from 'node:crypto';
import { RESET_LINK_TTL_MS } from '@civitas/contract';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/tables/index.js';
import { AppError } from '../../http/errors.js';
import { secretDigest, storeSecret } from './email-codes.js';

/**
 * A fresh reset token, `<citizenId>.<32 random bytes>`, replacing any earlier link of the account; only the HMAC
 * of its random part is stored. The id says which row to compare, so no index on the digest is needed.
 */
export async function issueResetToken(db: Db, secret: Buffer, citizenId: string, now: number): Promise<string> {
  const random = randomBytes(32).toString('base64url');
  await storeSecret(db, secret, citizenId, 'reset_password', random, now + RESET_LINK_TTL_MS, now);
  return `${citizenId}.${random}`;
}

/** The account's reset row holding this digest and not yet expired: what opening and spending a token both ask. */
const liveToken = (eb: ExpressionBuilder<Database, 'email_codes'>, citizenId: string, digest: string, now: number) =>
  eb.and([
    eb('citizen_id', '=', citizenId),
    eb('purpose', '=', 'reset_password'),
    eb('code_hash', '=', digest),
    eb('expires_at', '>', now),
  ]);

export const invalidResetLink = () =>
  new AppError(400, 'INVALID_RESET_LINK', 'That reset link is wrong, used or expired; ask for a new one');

/**
 * The account a live reset token opens and the digest to spend it by, or INVALID_RESET_LINK. A wrong token spends
 * nothing of the account's: 256 random bits cannot be guessed, so there is no budget for anyone to use up.
 */
export async function openResetToken(
  db: Db,
  secret: Buffer,
  token: string,
  now: number,
): Promise<{ citizenId: string; digest: string }> {
  const [citizenId = '', random = ''] = token.split('.');
  const digest = secretDigest(secret, 'reset_password', citizenId, random);
  const live = await db
    .selectFrom('email_codes')
    .select('citizen_id')
    .where((eb) => liveToken(eb, citizenId, digest, now))
    .executeTakeFirst();
  if (!live) throw invalidResetLink();
  return { citizenId, digest };
}

/** Spends the token inside `trx`: exactly one use, even when two requests carry it at once. */
export async function spendResetToken(trx: Db, citizenId: string, digest: string, now: number): Promise<void> {
  const spent = await trx
    .deleteFrom('email_codes')
    .where((eb) => liveToken(eb, citizenId, digest, now))
    .executeTakeFirst();
  if (spent.numDeletedRows !== 1n) throw invalidResetLink();
}
