import { refreshSession } from '@civitas/contract';
import { publicOrigin } from '../../config.js';
import { readCookie, sessionCookieNames } from '../../http/auth/cookies.js';
import { assertSameOrigin } from '../../http/auth/same-origin.js';
import { AppError } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { WEB_CLIENT_ID } from '../identity/clients.js';
import { grantTokens } from '../identity/oauth/token-grants.js';
import { clearSessionCookies, setCitizenCookies } from './session-cookies.js';

/** A 401 with a `redirectUrl`: the client sends the browser there to sign in again (docs/product.md §4, §8). */
const signInAgain = (message: string, redirectUrl: string) =>
  new AppError(401, 'SESSION_EXPIRED', message, redirectUrl);

export default defineRoute(refreshSession, async ({ body, ctx, request, reply }) => {
  assertSameOrigin(request, publicOrigin(ctx.config));
  const names = sessionCookieNames(ctx.config.PUBLIC_URL);
  const signInUrl = `/api/auth/login?next=${encodeURIComponent(body?.next ?? '/')}`;
  const refreshToken = readCookie(request, names.refreshToken);
  if (!refreshToken) throw signInAgain('There is no session to refresh; sign in again', signInUrl);
  const grant = await grantTokens(ctx, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: WEB_CLIENT_ID,
  });
  if (!grant.ok) {
    clearSessionCookies(ctx, reply);
    throw signInAgain(grant.description, signInUrl);
  }
  return { expiresAt: setCitizenCookies(ctx, reply, grant) };
});
