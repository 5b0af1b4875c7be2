import { getSession } from '@civitas/contract';
import { sessionCookieNames } from '../../http/auth/cookies.js';
import { sessionCookieToken } from '../../http/request-checks.js';
import { defineRoute } from '../../http/route.js';

export default defineRoute(getSession, async ({ ctx, request }) => {
  const names = sessionCookieNames(ctx.config.PUBLIC_URL);
  const token = sessionCookieToken(request.cookies, names);
  const verified = token ? await ctx.tokens.verifyWithExpiry(token) : null;
  if (verified?.caller.kind === 'citizen') {
    const { citizenId, username } = verified.caller;
    return { kind: 'citizen' as const, citizenId, username, expiresAt: verified.expiresAt };
  }
  if (verified?.caller.kind === 'guest') {
    return { kind: 'guest' as const, guestId: verified.caller.guestId, expiresAt: verified.expiresAt };
  }
  return { kind: 'none' as const };
});
