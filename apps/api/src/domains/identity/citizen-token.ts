import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { startFamily } from './oauth/refresh-tokens.js';

export interface CitizenSession {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  username: string;
  citizenId: string;
}

/**
 * Mints an access token for a citizen (the username travels in it for the session's username cookie). Every
 * grant comes here, so a suspended citizen (ADR 070) gets none, even from a code issued just before.
 */
export async function issueCitizenAccess(
  ctx: AppContext,
  citizenId: string,
): Promise<{ accessToken: string; expiresIn: number; username: string }> {
  const citizen = await ctx.db
    .selectFrom('citizens')
    .select(['username', 'suspended_at'])
    .where('id', '=', citizenId)
    .executeTakeFirstOrThrow();
  if (citizen.suspended_at !== null) {
    throw new AppError(403, 'ACCOUNT_SUSPENDED', 'This account is suspended by the moderators');
  }
  const expiresIn = ctx.config.ACCESS_TOKEN_TTL_SECONDS;
  const accessToken = await ctx.tokens.issue({ kind: 'citizen', citizenId, username: citizen.username }, expiresIn);
  return { accessToken, expiresIn, username: citizen.username };
}

/** A new sign-in: an access token and the first refresh token of a new family. */
export async function startCitizenSession(ctx: AppContext, citizenId: string): Promise<CitizenSession> {
  const access = await issueCitizenAccess(ctx, citizenId);
  const refresh = await startFamily(ctx.db, citizenId, ctx.now());
  return { ...access, refreshToken: refresh.token, citizenId };
}
