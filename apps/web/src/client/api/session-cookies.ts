import { TOKEN_EXPIRY_MARGIN_MS } from '../constants';

/**
 * The readable session cookies the server sets beside the httpOnly tokens (ADR 005). On HTTPS they carry
 * the `__Host-` prefix, so both spellings are looked up.
 */
export const USERNAME_COOKIE = 'civitas_username';
export const SESSION_EXPIRES_COOKIE = 'civitas_session_expires';

const cookieValue = (cookies: string, name: string): string | undefined => {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    if (!value) continue;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
};

/**
 * One cookie's value from a `document.cookie` string; the `__Host-` spelling wins, as only a secure origin
 * can set it.
 */
export const readCookie = (cookies: string, name: string): string | undefined =>
  cookieValue(cookies, `__Host-${name}`) ?? cookieValue(cookies, name);

export interface CitizenSessionHint {
  readonly username: string;
  /** Epoch ms when the citizen token expires; 0 when unknown, so it is refreshed before use. */
  readonly expiresAt: number;
}

/** A citizen session as far as page scripts can see it; null for guests. */
export function citizenSessionFromCookies(cookies: string): CitizenSessionHint | null {
  const username = readCookie(cookies, USERNAME_COOKIE);
  if (!username) return null;
  const expiresAt = Number(readCookie(cookies, SESSION_EXPIRES_COOKIE));
  return { username, expiresAt: Number.isFinite(expiresAt) ? expiresAt : 0 };
}

/** docs/product.md §4, §9: a token counts as expired 180 s before its real expiry. */
export const isExpiring = (expiresAt: number, now: number, marginMs = TOKEN_EXPIRY_MARGIN_MS): boolean =>
  expiresAt - marginMs <= now;
