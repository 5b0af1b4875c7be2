import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, LanguageCode } from '@civitas/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { AUTH_COOKIE_PATH, clearCookie, cookieOptions, sessionCookieNames } from '../../http/auth/cookies.js';
import { REFRESH_ABSOLUTE_MS } from '../identity/oauth/refresh-tokens.js';

export interface IssuedSession {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  username: string;
}

/**
 * Sets the citizen session: the access and refresh tokens httpOnly (scripts never see them), the username
 * and expiry readable, as the client needs both to know it is signed in and when to refresh (docs/product.md §3, §4).
 * The refresh token goes to every path of the site (SameSite=Strict), because the web server renews an
 * expiring token while rendering a page, before using it (docs/product.md §4; ADR 006).
 */
export function setCitizenCookies(ctx: AppContext, reply: FastifyReply, session: IssuedSession): number {
  const names = sessionCookieNames(ctx.config.PUBLIC_URL);
  const expiresAt = ctx.now() + session.expiresIn * 1000;
  const refreshMaxAge = Math.floor(REFRESH_ABSOLUTE_MS / 1000);
  reply
    .setCookie(
      names.citizenToken,
      session.accessToken,
      cookieOptions(names, { httpOnly: true, maxAgeSeconds: session.expiresIn }),
    )
    .setCookie(
      names.username,
      session.username,
      cookieOptions(names, { httpOnly: false, maxAgeSeconds: refreshMaxAge }),
    )
    .setCookie(
      names.expiresAt,
      String(expiresAt),
      cookieOptions(names, { httpOnly: false, maxAgeSeconds: refreshMaxAge }),
    )
    .setCookie(
      names.refreshToken,
      session.refreshToken,
      cookieOptions(names, {
        httpOnly: true,
        sameSite: 'strict',
        maxAgeSeconds: refreshMaxAge,
      }),
    );
  clearCookie(reply, names, names.guestToken);
  return expiresAt;
}

/**
 * A browser that has never chosen a language takes the one on the citizen's profile at sign-in, so the pages
 * after it are in their language on every device (ADR 003). The cookie is the web app's own (apps/web's
 * proxy sets it on `?displayLanguage=`), with the same attributes; a choice this browser made is kept.
 */
export async function adoptProfileLanguage(ctx: AppContext, reply: FastifyReply, citizenId: string): Promise<void> {
  const row = await ctx.db.selectFrom('citizens').select('language').where('id', '=', citizenId).executeTakeFirst();
  const language = LanguageCode.safeParse(row?.language);
  if (!language.success) return;
  const names = sessionCookieNames(ctx.config.PUBLIC_URL);
  reply.setCookie(
    LANGUAGE_COOKIE,
    language.data,
    cookieOptions(names, { httpOnly: true, maxAgeSeconds: LANGUAGE_COOKIE_MAX_AGE_SECONDS }),
  );
}

export function clearSessionCookies(ctx: AppContext, reply: FastifyReply): void {
  const names = sessionCookieNames(ctx.config.PUBLIC_URL);
  for (const name of [names.citizenToken, names.username, names.expiresAt, names.guestToken, names.refreshToken])
    clearCookie(reply, names, name);
  // Also where earlier versions kept the refresh token, so no stale copy outlives a logout.
  for (const name of [names.refreshToken, names.pkceVerifier, names.oauthState, names.navigateTo]) {
    clearCookie(reply, names, name, AUTH_COOKIE_PATH);
  }
}
