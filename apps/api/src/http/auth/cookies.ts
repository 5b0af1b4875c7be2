import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The web session's cookies (docs/product.md §3, §9). Tokens are httpOnly so no page script can read them; on HTTPS
 * they take the `__Host-`/`__Secure-` prefixes, which browsers only accept from a secure origin.
 */
export interface SessionCookies {
  citizenToken: string;
  username: string;
  expiresAt: string;
  refreshToken: string;
  guestToken: string;
  pkceVerifier: string;
  oauthState: string;
  navigateTo: string;
  secure: boolean;
}

export function sessionCookieNames(publicUrl: string): SessionCookies {
  const secure = publicUrl.startsWith('https://');
  const host = secure ? '__Host-' : '';
  const securePrefix = secure ? '__Secure-' : '';
  return {
    citizenToken: `${host}civitas_citizen_token`,
    username: `${host}civitas_username`,
    expiresAt: `${host}civitas_session_expires`,
    refreshToken: `${securePrefix}civitas_refresh_token`,
    guestToken: `${host}civitas_guest_token`,
    pkceVerifier: `${securePrefix}civitas_pkce_verifier`,
    oauthState: `${securePrefix}civitas_oauth_state`,
    navigateTo: `${securePrefix}civitas_navigate_to`,
    secure,
  };
}

export const AUTH_COOKIE_PATH = '/api/auth';

export const cookieOptions = (
  names: SessionCookies,
  options: { httpOnly: boolean; path?: string; maxAgeSeconds?: number; sameSite?: 'lax' | 'strict' },
): CookieSerializeOptions => ({
  httpOnly: options.httpOnly,
  secure: names.secure,
  sameSite: options.sameSite ?? 'lax',
  path: options.path ?? '/',
  ...(options.maxAgeSeconds === undefined ? {} : { maxAge: options.maxAgeSeconds }),
});

export const readCookie = (request: FastifyRequest, name: string): string | undefined =>
  request.cookies?.[name] || undefined;

export const clearCookie = (reply: FastifyReply, names: SessionCookies, name: string, path = '/') =>
  reply.clearCookie(name, cookieOptions(names, { httpOnly: true, path }));
