import { z } from 'zod';
import { Id } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

/**
 * A relative path on this site to return to after signing in (never another origin), as it travels in a URL:
 * printable ASCII only, anything else percent-encoded, so it can always become a `Location` header.
 */
export const NavigateTo = z
  .string()
  .max(2048)
  .regex(
    /^\/(?![/\\])[\x21-\x7e]*$/,
    'must be a path on this site, starting with a single "/", with any other character than printable ASCII percent-encoded',
  );

export const SessionView = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('citizen'), citizenId: Id, username: z.string(), expiresAt: z.number().int() }),
    z.object({ kind: z.literal('guest'), guestId: Id, expiresAt: z.number().int() }),
    z.object({ kind: z.literal('none') }),
  ])
  .meta({ id: 'Session' });

export const getSession = defineEndpoint({
  service: 'auth',
  method: 'GET',
  path: '/session',
  access: 'none',
  versions: ['1.0'],
  summary: 'Who the browser session is (from its httpOnly cookies), and when its access token expires',
  success: { status: 200, body: SessionView },
});

export const refreshSession = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/refresh',
  access: 'none',
  versions: ['1.0'],
  summary:
    'Rotate the refresh cookie and renew the citizen token cookie. On failure: 401 with `redirectUrl`, where the browser should go to sign in again',
  body: z.object({ next: NavigateTo.optional() }).nullish(),
  success: { status: 200, body: z.object({ expiresAt: z.number().int() }) },
});

export const refreshGuestSession = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/refresh-guest',
  access: 'none',
  versions: ['1.0'],
  summary: 'Issue (or renew) the read-only guest token cookie',
  success: { status: 200, body: z.object({ guestId: Id, expiresAt: z.number().int() }) },
});

export const logout = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/logout',
  access: 'none',
  versions: ['1.0'],
  summary: 'Revoke this sign-in’s refresh tokens and clear the session cookies',
  success: { status: 204, body: null },
});

export const sessionEndpoints = [getSession, refreshSession, refreshGuestSession, logout] as const;
