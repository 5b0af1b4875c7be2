import { type Access, type EndpointDef, fullPath } from '@civitas/contract';
import type { SessionCookies } from './auth/cookies.js';
import type { Caller } from './auth/tokens.js';
import { badRequest, unauthorized } from './errors.js';
import { JSON_TYPE } from './serialized-body.js';

/**
 * What a request to a contract route is checked for, and what its answer's headers are, defined once (ADR 060):
 * the routes' hooks (http/route.ts, http/auth/authenticate.ts, http/abuse-limits.ts, http/security-headers.ts)
 * and the express lane (http/express-lane.ts), which answers some GETs before routing, both call these. Each
 * function reads plain values (headers, a cookie jar, a count), so neither side has to build the other's
 * request objects; none allocates on the way of a request that passes.
 */

/** A request's cookies by name, as `@fastify/cookie` parses them. */
export type CookieJar = Readonly<Record<string, string | undefined>>;

/** The characters of a token (base64url JWTs, and the `+/=` of plain base64). */
const TOKEN_TEXT = /^[A-Za-z0-9._~+/=-]+$/;

const malformed = () => unauthorized('The Authorization header must be "Bearer <token>"');

/**
 * Where the caller's token is: the bearer token, else the web session's citizen cookie, else its guest cookie;
 * null when there is none. An Authorization header that is not "Bearer <token>" is a 401, whatever the cookies
 * hold. The token's characters are `readCallerToken`'s to check: the express lane, which only looks the text up
 * among tokens this process has verified (each of which passed `readCallerToken`), needs no scan of them.
 */
export function presentedToken(
  headers: { readonly authorization?: string | undefined },
  cookies: CookieJar | undefined,
  names: Pick<SessionCookies, 'citizenToken' | 'guestToken'>,
): string | null {
  const { authorization } = headers;
  if (authorization) {
    if (authorization.length <= 7 || !authorization.startsWith('Bearer ')) throw malformed();
    return authorization.slice(7);
  }
  return sessionCookieToken(cookies, names);
}

/** The web session's token among the cookies: the citizen's, else the guest's; null when there is neither. */
export function sessionCookieToken(
  cookies: CookieJar | undefined,
  names: Pick<SessionCookies, 'citizenToken' | 'guestToken'>,
): string | null {
  if (cookies === undefined) return null;
  return cookies[names.citizenToken] || cookies[names.guestToken] || null;
}

/** The token the routes authenticate: `presentedToken`, and a 401 for a bearer token with characters no token has. */
export function readCallerToken(
  headers: { readonly authorization?: string | undefined },
  cookies: CookieJar | undefined,
  names: Pick<SessionCookies, 'citizenToken' | 'guestToken'>,
): string | null {
  const token = presentedToken(headers, cookies, names);
  if (token !== null && headers.authorization && !TOKEN_TEXT.test(token)) throw malformed();
  return token;
}

/** Whether the token `readCallerToken` reads came from a cookie: a cookie-borne write needs the same-origin check. */
export const tokenFromCookie = (headers: { readonly authorization?: string | undefined }): boolean =>
  !headers.authorization;

/** Whether an endpoint answers the call version a request asks for (none: its latest). */
export const versionAccepted = (endpoint: EndpointDef, header: string | string[] | undefined): boolean =>
  header === undefined || (typeof header === 'string' && endpoint.versions.includes(header));

/** The 400 of a call version the endpoint does not answer; nothing when it does. */
export function checkVersion(endpoint: EndpointDef, header: string | string[] | undefined): void {
  if (versionAccepted(endpoint, header)) return;
  throw badRequest(
    'UNSUPPORTED_API_VERSION',
    `X-API-Version ${String(header).slice(0, 20)} is not supported by ${endpoint.method} ${fullPath(endpoint)}; use ${endpoint.versions.join(' or ')}`,
  );
}

const expected: Record<Exclude<Access, 'none'>, readonly Caller['kind'][]> = {
  citizen: ['citizen'],
  citizenOrGuest: ['citizen', 'guest'],
  machine: ['machine'],
};

/** Whether a caller of this kind may make calls of this access level (scopes aside). */
export const admits = (access: Access, kind: Caller['kind']): boolean =>
  access !== 'none' && expected[access].includes(kind);

/** One request's count against a budget: not counted (no budget applies to it), or its place in the window. */
export type Spent =
  | { isAllowed: true }
  | {
      isAllowed: false;
      max: number;
      remaining: number;
      ttlInSeconds: number;
      /** Over the budget: refused. */
      isExceeded: boolean;
    };

/**
 * Where answer headers are written: a Fastify reply (`onReply`), or the flat name-value list the lane hands to
 * `writeHead` (`intoList`). Both are made once, so writing through them costs no closure per request.
 */
export type HeaderSink<T> = (target: T, name: string, value: string | number) => void;

export const onReply: HeaderSink<{ header(name: string, value: string | number): unknown }> = (reply, name, value) => {
  reply.header(name, value);
};

export const intoList: HeaderSink<string[]> = (list, name, value) => {
  list.push(name, typeof value === 'string' ? value : String(value));
};

/**
 * The headers of a budget's count (ADR 013): the standard RateLimit-* on a counted request, and Retry-After
 * once the budget is spent. Nothing for a request no budget counts.
 */
export function budgetHeaders<T>(spent: Spent, target: T, set: HeaderSink<T>): void {
  if (spent.isAllowed) return;
  set(target, 'ratelimit-limit', spent.max);
  set(target, 'ratelimit-remaining', spent.remaining);
  set(target, 'ratelimit-reset', spent.ttlInSeconds);
  if (spent.isExceeded) set(target, 'retry-after', spent.ttlInSeconds);
}

/**
 * The headers of a JSON body that may be sent gzipped (a `SerializedBody`): its type, `Vary` (the same URL
 * answers both ways) and, when gzipped, its encoding. The length is the sender's.
 */
export function bodyHeaders<T>(gzipped: boolean, target: T, set: HeaderSink<T>): void {
  set(target, 'content-type', JSON_TYPE);
  set(target, 'vary', 'accept-encoding');
  if (gzipped) set(target, 'content-encoding', 'gzip');
}

/**
 * Every header of an answer the lane gives, in the order the routes write them: the API's fixed headers (made
 * once, `SecurityHeaders.api`), the budget's, the body's, its length.
 */
export function answerHeaders(api: readonly string[], spent: Spent, gzipped: boolean, length: number): string[] {
  const list = api.slice();
  budgetHeaders(spent, list, intoList);
  bodyHeaders(gzipped, list, intoList);
  list.push('content-length', String(length));
  return list;
}
