import type { TokenRequest } from '@civitas/contract';
import type { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { issueCitizenAccess } from '../citizen-token.js';
import { findClient } from '../clients.js';
import { redeemAuthorizationCode } from './authorization-codes.js';
import { rotate, startFamily } from './refresh-tokens.js';

export type TokenGrant =
  | { ok: true; accessToken: string; expiresIn: number; refreshToken: string; citizenId: string; username: string }
  | { ok: false; error: 'invalid_grant' | 'invalid_client'; description: string };

/** The token endpoint's two grants, shared by the HTTP endpoint and the web session's callback. */
export async function grantTokens(ctx: AppContext, request: z.infer<typeof TokenRequest>): Promise<TokenGrant> {
  const client = await findClient(ctx.db, request.client_id);
  if (!client || client.redirectUris.length === 0) {
    return { ok: false, error: 'invalid_client', description: 'Unknown client or not an authorization-code client' };
  }
  const now = ctx.now();
  if (request.grant_type === 'authorization_code') {
    const redeemed = await redeemAuthorizationCode(
      ctx.db,
      {
        code: request.code,
        clientId: request.client_id,
        redirectUri: request.redirect_uri,
        codeVerifier: request.code_verifier,
      },
      now,
    );
    if (!redeemed.ok) return { ok: false, error: 'invalid_grant', description: redeemed.reason };
    const access = await issueCitizenAccess(ctx, redeemed.citizenId);
    const refresh = await startFamily(ctx.db, redeemed.citizenId, now);
    return { ok: true, ...access, refreshToken: refresh.token, citizenId: redeemed.citizenId };
  }
  const rotated = await rotate(ctx.db, request.refresh_token, now);
  if (!rotated.ok) {
    const why = {
      unknown: 'The refresh token is unknown',
      expired: 'The refresh token has expired; sign in again',
      revoked: 'The refresh token was revoked; sign in again',
      reused: 'The refresh token was already used: every session of this sign-in is now revoked',
    }[rotated.reason];
    return { ok: false, error: 'invalid_grant', description: why };
  }
  const access = await issueCitizenAccess(ctx, rotated.citizenId);
  return { ok: true, ...access, refreshToken: rotated.refresh.token, citizenId: rotated.citizenId };
}
