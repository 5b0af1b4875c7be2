import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import { type EndpointDef, fullPath, type ParamsOf, type QueryOf } from '@civitas/contract';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import type { ZodType } from 'zod';
import type { BudgetCounter } from './abuse-limits.js';
import type { SessionCookies } from './auth/cookies.js';
import type { Caller, TokenService } from './auth/tokens.js';
import { admits, answerHeaders, presentedToken, type Spent, versionAccepted } from './request-checks.js';
import { clientAddress, type ProxyTrust, parseQuery } from './request-reading.js';
import type { SecurityHeaders } from './security-headers.js';
import { gzippedFor, type SerializedBody } from './serialized-body.js';

/**
 * A contract GET whose answer the lane can give: `ready` gives the body for this request and caller, either at
 * once (a cached page) or as a promise of it (made from cached parts and one live read, ADR 045); undefined,
 * or a promise of null, sends the request through the routes, which make it (and answer any error). A path may
 * have one parameter, as its last segment.
 */
export interface ReadyAnswer<E extends EndpointDef = EndpointDef> {
  endpoint: E;
  ready(input: { query: QueryOf<E>; params: ParamsOf<E> }, caller: Caller): ReadyBody;
}

export type ReadyBody = SerializedBody | Promise<SerializedBody | null> | undefined;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface ExpressLaneOptions {
  answers: readonly ReadyAnswer[];
  tokens: Pick<TokenService, 'known'>;
  budget: Pick<BudgetCounter, 'spend' | 'leaveCounted'>;
  /** The web session's cookie names: a browser's calls carry the token there (the same order as authenticate). */
  cookies: Pick<SessionCookies, 'citizenToken' | 'guestToken'>;
  headers: SecurityHeaders;
  /** Fastify's `trustProxy` (made from TRUST_PROXY by proxyTrust): which peers' X-Forwarded-For is believed. */
  trust: ProxyTrust;
  /** Where each answer is logged, when the routes log theirs (LOG_LEVEL info and below). */
  requestLog?: Pick<FastifyBaseLogger, 'info'>;
}

/**
 * The express lane (ADR 037, 045): a request whose answer is made from what is kept (a guest's stage page in
 * the page cache; a citizen's, from the page citizens share and one live read) is answered by the HTTP server
 * before the framework's routing, with what the route would have done for it: the version header and the
 * bearer token checked, the query read through the contract's schema, the caller's budget spent, the same
 * headers and body written. Each of those checks and headers is the routes' own function, called from here
 * (http/request-checks.ts, ADR 060): the lane decides only what it leaves to the routes. On a guest's cached page the framework's own work per request (request and reply
 * objects, hooks, promises) was two thirds of the CPU time; on a citizen's, about a quarter.
 *
 * Anything it is not sure of goes to the routes untouched: other paths and methods, a token it has not seen
 * verified, a query the schema refuses, a page not in the cache, a spent budget, a closing server. So does a
 * request whose read fails or finds the kept page out of date, after its budget was spent (counted once).
 */
export class ExpressLane {
  private readonly byPath = new Map<string, ReadyAnswer>();
  /** Answers whose path ends in a parameter, by what comes before it (up to its slash). */
  private readonly byPrefix = new Map<string, { answer: ReadyAnswer; param: string }>();
  private open = true;

  constructor(private readonly options: ExpressLaneOptions) {
    for (const answer of options.answers) {
      if (answer.endpoint.method !== 'GET')
        throw new Error(`${fullPath(answer.endpoint)}: only GETs are ready answers`);
      const path = fullPath(answer.endpoint);
      const last = /\/:(\w+)$/.exec(path);
      if (path.slice(0, last?.index).includes(':'))
        throw new Error(`${path}: only a path's last segment may be a parameter in the lane`);
      if (last) this.byPrefix.set(path.slice(0, last.index + 1), { answer, param: last[1] as string });
      else this.byPath.set(path, answer);
    }
  }

  /** From now on every request goes through the routes (the server is closing: they answer 503). */
  close(): void {
    this.open = false;
  }

  /** Answers the request if its answer is ready, and says so; false leaves it, untouched, to `routes`. */
  take(request: IncomingMessage, response: ServerResponse, routes: Handler): boolean {
    if (!this.open || request.method !== 'GET') return false;
    const url = request.url ?? '';
    const queryAt = url.indexOf('?');
    const found = this.answerAt(queryAt === -1 ? url : url.slice(0, queryAt));
    if (!found) return false;
    const { answer } = found;
    const { headers } = request;
    if (!versionAccepted(answer.endpoint, headers['x-api-version'])) return false;
    // The web server's own calls are counted differently (abuse-limits.ts): the routes tell them apart.
    if (headers['x-civitas-render-key'] !== undefined) return false;
    const caller = this.callerOf(headers);
    // Machine callers' scopes are checked by the routes only.
    if (!caller || caller.kind === 'machine' || !admits(answer.endpoint.access, caller.kind)) return false;
    const query = answer.endpoint.querystring as ZodType | undefined;
    const parsed = query?.safeParse(parseQuery(queryAt === -1 ? '' : url.slice(queryAt + 1)));
    if (parsed && !parsed.success) return false;
    const params = (answer.endpoint.params as ZodType | undefined)?.safeParse(found.params);
    if (params && !params.success) return false;
    const ip = clientAddress(request, this.options.trust);
    if (ip === undefined) return false;
    const ready = answer.ready({ query: parsed?.data as never, params: params?.data as never }, caller);
    if (!ready) return false;
    // A read that fails is the routes' to answer (they read again, and say what went wrong).
    const body = ready instanceof Promise ? ready.catch(() => null) : ready;
    const startedAt = this.options.requestLog ? performance.now() : 0;
    const { budget } = this.options;
    const status = answer.endpoint.success.status;
    // Counted in memory, this calls back at once: the answer is written before `take` returns. Once it has
    // called back the request is the lane's to see through, so nothing thrown from here on may leave `take`:
    // the server's handler would hand the request to the routes a second time.
    budget.spend({ ip, headers, caller }, (error, spent) => {
      try {
        // The budget's store failed: the routes count again and answer as they do for that.
        if (error || !spent) return routes(request, response);
        // Over budget: the routes' 429 need not wait for the read.
        if (spent.isAllowed || spent.isExceeded)
          return this.answerOrRoute(request, response, routes, status, spent, null, startedAt);
        if (!(body instanceof Promise))
          return this.answerOrRoute(request, response, routes, status, spent, body, startedAt);
        body
          .then((made) => this.answerOrRoute(request, response, routes, status, spent, made, startedAt))
          // Only the routes' own handler could throw here; the connection is ended rather than the process.
          .catch((thrown: unknown) => response.destroy(thrown as Error));
      } catch (thrown) {
        response.destroy(thrown as Error);
      }
    });
    return true;
  }

  /**
   * The lane's answer, or the routes' with this count (counted once): when the count was not made (a case the
   * checks in `take` exclude) or is over budget, the read found nothing to answer with, or the body could not be
   * made.
   */
  private answerOrRoute(
    request: IncomingMessage,
    response: ServerResponse,
    routes: Handler,
    status: number,
    spent: Spent,
    body: SerializedBody | null,
    startedAt: number,
  ): void {
    if (
      !spent.isAllowed &&
      !spent.isExceeded &&
      body &&
      this.answer(request, response, status, spent, body, startedAt)
    ) {
      return;
    }
    this.options.budget.leaveCounted(request, spent);
    routes(request, response);
  }

  /** The answer for a path, with its parameter's value as the routes would read it (an encoded one is theirs). */
  private answerAt(path: string): { answer: ReadyAnswer; params?: Record<string, string> } | undefined {
    const exact = this.byPath.get(path);
    if (exact) return { answer: exact };
    const slash = path.lastIndexOf('/');
    const withParam = this.byPrefix.get(path.slice(0, slash + 1));
    const value = path.slice(slash + 1);
    if (!withParam || value === '' || value.includes('%')) return undefined;
    return { answer: withParam.answer, params: { [withParam.param]: value } };
  }

  /**
   * The caller of the token the routes read (`presentedToken`: the bearer token, else the citizen's session
   * cookie, else the guest's), if this process has verified it before and it is still good: a token the routes
   * verified passed their `readCallerToken`, so one with characters no token has is never known. A malformed
   * Authorization header goes the long way, to its 401. Cookies need no origin check here: this is a GET.
   */
  private callerOf(headers: IncomingMessage['headers']): Caller | undefined {
    const { cookie } = headers;
    let token: string | null;
    try {
      token = presentedToken(
        headers,
        cookie === undefined ? undefined : fastifyCookie.parse(cookie),
        this.options.cookies,
      );
    } catch {
      return undefined;
    }
    return token ? this.options.tokens.known(token) : undefined;
  }

  /**
   * Writes the answer; false when its body could not be made (its text or compression failed), with nothing
   * written: the routes then answer, as for a read that failed.
   */
  private answer(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    spent: Extract<Spent, { isAllowed: false }>,
    body: SerializedBody,
    startedAt: number,
  ): boolean {
    let gzipped: Buffer | null;
    let bytes: Buffer;
    try {
      gzipped = gzippedFor(request.headers['accept-encoding'], body);
      bytes = gzipped ?? body.bytes;
    } catch {
      return false;
    }
    try {
      // In the order the routes write them (security headers, the budget's, then the body's).
      response.writeHead(status, answerHeaders(this.options.headers.api, spent, gzipped !== null, bytes.length));
      response.end(bytes);
    } catch (error) {
      // The connection went away meanwhile: nothing more can be said on it.
      response.destroy(error as Error);
      return true;
    }
    const { requestLog } = this.options;
    if (!requestLog) return true;
    const { method, url, socket } = response.req;
    requestLog.info(
      {
        req: { method, url, remoteAddress: socket?.remoteAddress },
        res: { statusCode: status },
        responseTime: performance.now() - startedAt,
      },
      'request answered by the express lane',
    );
    return true;
  }
}

/**
 * Fastify's server, with the lane in front of its handler once `lane()` gives one. The timeouts are the ones
 * Fastify sets on the server it makes itself.
 */
export function serverWithLane(lane: () => ExpressLane | undefined): FastifyServerFactory {
  return (handler, options) => {
    const { keepAliveTimeout, requestTimeout, connectionTimeout } = options as Record<string, unknown>;
    const server: Server = createServer(requestLimits(requestTimeout), (request, response) => {
      if (!takenByLane(lane(), request, response, handler)) handler(request, response);
    });
    if (typeof keepAliveTimeout === 'number') server.keepAliveTimeout = keepAliveTimeout;
    if (typeof connectionTimeout === 'number') server.setTimeout(connectionTimeout);
    return server;
  };
}

/** Node's default time for a request's headers, which must not exceed the time for the whole request. */
const HEADERS_TIMEOUT_MS = 60_000;

/**
 * The server's limits on receiving a request. Node checks them on a timer, every 30 s by default: a limit
 * shorter than a few minutes is checked ten times within it, so it holds to about a tenth.
 */
function requestLimits(requestTimeout: unknown): ServerOptions {
  if (typeof requestTimeout !== 'number' || requestTimeout <= 0) return {};
  return {
    requestTimeout,
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
    connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.round(requestTimeout / 10))),
  };
}

function takenByLane(
  lane: ExpressLane | undefined,
  request: IncomingMessage,
  response: ServerResponse,
  routes: Handler,
) {
  try {
    return lane?.take(request, response, routes) ?? false;
  } catch {
    // A request the lane cannot read goes to the routes, which answer it with a clear error.
    return false;
  }
}
