import { createHash } from 'node:crypto';
import { REFRESH_REUSE_GRACE_MS } from '@civitas/contract/routes-table';
import { apiFetch } from './api-fetch';
import { sessionCookieNames } from './cookie-names';
import { needsRenewal, parseExpiresAt } from './expiry';
import { type CookieChange, parseSetCookie } from './set-cookie';

/** What a renewal changed: headers for the browser, and the cookies the render of this request should see. */
export interface Renewal {
  setCookies: string[];
  changes: CookieChange[];
}

/**
 * Refresh tokens rotate, and presenting a spent one revokes the whole sign-in. A page load brings several
 * requests at once (the document, prefetches), all carrying the same refresh token, so requests that present
 * the same token within this window share one renewal instead of racing each other. It is the API's own grace
 * for a spent token, no longer: past it, whoever presents the token gets nothing here either, and the API
 * revokes the sign-in (a longer window handed the successor to a copied token).
 */
const SHARED_WINDOW_MS = REFRESH_REUSE_GRACE_MS;
const MAX_REMEMBERED = 1_000;

interface Pending {
  startedAt: number;
  result: Promise<Renewal | null>;
}

const pending = new Map<string, Pending>();

function forget(now: number): void {
  for (const [key, entry] of pending) {
    if (now - entry.startedAt > SHARED_WINDOW_MS || pending.size > MAX_REMEMBERED) pending.delete(key);
    else break; // insertion order: the rest are newer
  }
}

async function callRefresh(cookieName: string, refreshToken: string, now: number): Promise<Renewal | null> {
  try {
    const response = await apiFetch('/api/auth/refresh', {
      method: 'POST',
      body: {},
      cookie: `${cookieName}=${refreshToken}`,
    });
    // A refused refresh (401) also clears the session cookies: the page then renders signed out.
    if (!response.ok && response.status !== 401) {
      console.error(`Session renewal failed: the API answered ${response.status}`);
      return null;
    }
    const setCookies = response.headers.getSetCookie();
    const changes = setCookies.map((header) => parseSetCookie(header, now)).filter((change) => change !== null);
    return { setCookies, changes };
  } catch (error) {
    console.error('Session renewal failed: the API could not be reached', error);
    return null;
  }
}

/**
 * Server-side renewal before rendering (docs/product.md §4): when the citizen token is missing or within 180 s of its
 * expiry and the browser sent its refresh token, the web server refreshes through the API's own-origin
 * refresh route. Returns null when nothing needed (or could) be done.
 */
export function renewSession(cookie: (name: string) => string | undefined, now = Date.now()): Promise<Renewal | null> {
  const names = sessionCookieNames();
  const refreshToken = cookie(names.refreshToken);
  if (!refreshToken) return Promise.resolve(null);
  const token = cookie(names.citizenToken);
  if (token && !needsRenewal(parseExpiresAt(cookie(names.expiresAt)), now)) return Promise.resolve(null);

  forget(now);
  const key = createHash('sha256').update(refreshToken).digest('base64url');
  const shared = pending.get(key);
  if (shared && now - shared.startedAt <= SHARED_WINDOW_MS) return shared.result;
  const result = callRefresh(names.refreshToken, refreshToken, now);
  pending.set(key, { startedAt: now, result });
  return result;
}
