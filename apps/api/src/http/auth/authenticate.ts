import type { Access, MachineScope } from '@civitas/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../errors.js';
import { readCookie, type SessionCookies } from './cookies.js';
import { assertSameOrigin } from './same-origin.js';
import type { Caller, TokenService } from './tokens.js';

/** The caller a route of each access level receives. */
export type CallerFor<A extends Access> = A extends 'citizen'
  ? Extract<Caller, { kind: 'citizen' }>
  : A extends 'citizenOrGuest'
    ? Extract<Caller, { kind: 'citizen' | 'guest' }>
    : A extends 'machine'
      ? Extract<Caller, { kind: 'machine' }>
      : null;

/** Where the caller's token came from: cookie-borne writes need the same-origin check. */
interface PresentedToken {
  token: string;
  fromCookie: boolean;
}

const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
  if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <token>"');
  return match[1];
};

const expected: Record<Exclude<Access, 'none'>, readonly Caller['kind'][]> = {
  citizen: ['citizen'],
  citizenOrGuest: ['citizen', 'guest'],
  machine: ['machine'],
};

/** Whether a caller of this kind may make calls of this access level (scopes aside). */
export const admits = (access: Access, kind: Caller['kind']): boolean =>
  access !== 'none' && expected[access].includes(kind);

const describe: Record<Exclude<Access, 'none'>, string> = {
  citizen: 'a signed-in citizen',
  citizenOrGuest: 'a citizen or guest session',
  machine: 'an app (machine) token',
};

/**
 * Resolves and checks the caller for one access level. Wrong identity kinds are 403 (the token is valid,
 * just not for this call); missing or invalid tokens are 401.
 */
/** The bearer token, else the browser session's citizen cookie, else its guest cookie. */
function presentedToken(request: FastifyRequest, cookies: SessionCookies): PresentedToken | null {
  const bearer = bearerToken(request);
  if (bearer) return { token: bearer, fromCookie: false };
  const cookie = readCookie(request, cookies.citizenToken) ?? readCookie(request, cookies.guestToken);
  return cookie ? { token: cookie, fromCookie: true } : null;
}

export interface Authenticator {
  tokens: TokenService;
  cookies: SessionCookies;
  publicOrigin: string;
}

export async function authenticate(
  auth: Authenticator,
  request: FastifyRequest,
  access: Access,
  scope: MachineScope | undefined,
): Promise<Caller | null> {
  if (access === 'none') return null;
  const presented = presentedToken(request, auth.cookies);
  if (!presented) throw unauthorized(`This call needs ${describe[access]}: send "Authorization: Bearer <token>"`);
  if (presented.fromCookie) assertSameOrigin(request, auth.publicOrigin);
  const caller = await auth.tokens.verify(presented.token);
  if (!caller) throw unauthorized('The access token is invalid or has expired; refresh it and try again');
  if (!admits(access, caller.kind)) {
    throw new AppError(403, 'WRONG_IDENTITY', `This call needs ${describe[access]}, not a ${caller.kind} token`);
  }
  if (caller.kind === 'machine' && scope && !caller.scopes.includes(scope)) {
    throw new AppError(403, 'MISSING_SCOPE', `This app token lacks the "${scope}" scope this call needs`);
  }
  return caller;
}
