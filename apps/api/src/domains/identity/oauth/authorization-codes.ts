import { createHash } from 'node:crypto';
import type { Db } from '../../../db/database.js';
import { digestSecret, randomToken } from '../secrets.js';

/** Codes are single-use and short-lived (RFC 9700 §2.1.1 / §4.5: at most a minute). */
export const CODE_TTL_MS = 60_000;

export async function issueAuthorizationCode(
  db: Db,
  grant: { clientId: string; citizenId: string; redirectUri: string; codeChallenge: string },
  now: number,
): Promise<string> {
  const code = randomToken();
  await db
    .insertInto('authorization_codes')
    .values({
      code_hash: digestSecret(code),
      client_id: grant.clientId,
      citizen_id: grant.citizenId,
      redirect_uri: grant.redirectUri,
      code_challenge: grant.codeChallenge,
      expires_at: now + CODE_TTL_MS,
      used_at: null,
      created_at: now,
    })
    .execute();
  return code;
}

/** S256: BASE64URL(SHA256(verifier)) must equal the challenge sent to the authorize endpoint. */
export const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

export type Redemption = { ok: true; citizenId: string } | { ok: false; reason: string };

/** Spends a code once, checking client, exact redirect URI, expiry and the PKCE verifier. */
export async function redeemAuthorizationCode(
  db: Db,
  request: { code: string; clientId: string; redirectUri: string; codeVerifier: string },
  now: number,
): Promise<Redemption> {
  const hash = digestSecret(request.code);
  const row = await db.selectFrom('authorization_codes').selectAll().where('code_hash', '=', hash).executeTakeFirst();
  if (!row) return { ok: false, reason: 'The authorization code is unknown' };
  const spent = await db
    .updateTable('authorization_codes')
    .set({ used_at: now })
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (spent.numUpdatedRows === 0n) return { ok: false, reason: 'The authorization code was already used' };
  if (row.expires_at <= now) return { ok: false, reason: 'The authorization code has expired' };
  if (row.client_id !== request.clientId) return { ok: false, reason: 'The code was issued to another client' };
  if (row.redirect_uri !== request.redirectUri)
    return { ok: false, reason: 'redirect_uri does not match the authorization request' };
  if (s256(request.codeVerifier) !== row.code_challenge)
    return { ok: false, reason: 'code_verifier does not match the code challenge' };
  return { ok: true, citizenId: row.citizen_id };
}
