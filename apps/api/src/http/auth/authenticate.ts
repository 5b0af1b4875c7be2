import type { Access, MachineScope } from '@civitas/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../errors.js';
import { admits, readCallerToken, tokenFromCookie } from '../request-checks.js';
import type { SessionCookies } from './cookies.js';
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

const describe: Record<Exclude<Access, 'none'>, string> = {
  citizen: 'a signed-in citizen',
  citizenOrGuest: 'a citizen or guest session',
  machine: 'an app (machine) token',
};

export interface Authenticator {
  tokens: TokenService;
  cookies: SessionCookies;
  publicOrigin: string;
}

/**
 * Resolves and checks the caller for one access level. Wrong identity kinds are 403 (the token is valid,
 * just not for this call); missing or invalid tokens are 401. Which token is read and which kinds an access
 * level admits are http/request-checks.ts's, shared with the express lane.
 */
export async function authenticate(
  auth: Authenticator,
  request: FastifyRequest,
  access: Access,
  scope: MachineScope | undefined,
): Promise<Caller | null> {
  if (access === 'none') return null;
  const token = readCallerToken(request.headers, request.cookies, auth.cookies);
  if (!token) throw unauthorized(`This call needs ${describe[access]}: send "Authorization: Bearer <token>"`);
  if (tokenFromCookie(request.headers)) assertSameOrigin(request, auth.publicOrigin);
  const caller = await auth.tokens.verify(token);
  if (!caller) throw unauthorized('The access token is invalid or has expired; refresh it and try again');
  if (!admits(access, caller.kind)) {
    throw new AppError(403, 'WRONG_IDENTITY', `This call needs ${describe[access]}, not a ${caller.kind} token`);
  }
  if (caller.kind === 'machine' && scope && !caller.scopes.includes(scope)) {
    throw new AppError(403, 'MISSING_SCOPE', `This app token lacks the "${scope}" scope this call needs`);
  }
  return caller;
}
