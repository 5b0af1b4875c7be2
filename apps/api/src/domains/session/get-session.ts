import { getSession } from '@civitas/contract';
import { readCookie, sessionCookieNames } from '../../http/auth/cookies.js';
import { defineRoute } from '../../http/route.js';

export default defineRoute(getSession, async ({ ctx, request }) => {
  const names = sessionCookieNames(ctx.config.PUBLIC_URL);
  const token = readCookie(request, names.citizenToken) ?? readCookie(request, names.guestToken);
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
