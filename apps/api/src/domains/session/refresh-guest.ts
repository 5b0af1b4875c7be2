import { refreshGuestSession } from '@civitas/contract';
import { publicOrigin } from '../../config.js';
import { newId } from '../../db/ids.js';
import { cookieOptions, readCookie, sessionCookieNames } from '../../http/auth/cookies.js';
import { assertSameOrigin } from '../../http/auth/same-origin.js';
import { GUEST_TOKEN_TTL_SECONDS } from '../../http/auth/tokens.js';
import { defineRoute } from '../../http/route.js';

/** A guest keeps the same guestId across renewals while its old token is still valid. */
export default defineRoute(refreshGuestSession, async ({ ctx, request, reply }) => {
  assertSameOrigin(request, publicOrigin(ctx.config));
  const names = sessionCookieNames(ctx.config.PUBLIC_URL);
  const current = readCookie(request, names.guestToken);
  const previous = current ? await ctx.tokens.verify(current) : null;
  const guestId = previous?.kind === 'guest' ? previous.guestId : newId(ctx.now());
  const token = await ctx.tokens.issue({ kind: 'guest', guestId }, GUEST_TOKEN_TTL_SECONDS);
  reply.setCookie(
    names.guestToken,
    token,
    cookieOptions(names, { httpOnly: true, maxAgeSeconds: GUEST_TOKEN_TTL_SECONDS }),
  );
  return { guestId, expiresAt: ctx.now() + GUEST_TOKEN_TTL_SECONDS * 1000 };
});
