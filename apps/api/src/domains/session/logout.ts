import { logout } from '@civitas/contract';
import { publicOrigin } from '../../config.js';
import { readCookie, sessionCookieNames } from '../../http/auth/cookies.js';
import { assertSameOrigin } from '../../http/auth/same-origin.js';
import { defineRoute } from '../../http/route.js';
import { revokeByToken } from '../identity/oauth/refresh-tokens.js';
import { clearSessionCookies } from './session-cookies.js';

export default defineRoute(logout, async ({ ctx, request, reply }) => {
  assertSameOrigin(request, publicOrigin(ctx.config));
  const refreshToken = readCookie(request, sessionCookieNames(ctx.config.PUBLIC_URL).refreshToken);
  if (refreshToken) await revokeByToken(ctx.db, refreshToken, ctx.now());
  clearSessionCookies(ctx, reply);
  return undefined;
});
