import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createPost, type EndpointDef, follow, sendFriendRequest, unfollow, updateCaption } from '@civitas/contract';
// The plugin's declarations of `createRateLimit` on the instance (registered in plugins.ts).
import type {} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Caller } from './auth/tokens.js';
import { AppError } from './errors.js';

const MINUTE = 60_000;

/** Counters kept in memory per instance (more keys than this in one window: the least recent are forgotten). */
const LOCAL_KEYS = 100_000;

/** The key of requests no budget counts (budgetKey's null); no real key ends with it. */
const NOT_COUNTED = 'not-counted';

export type LimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * This process's key for the web server's own calls (session renewal while rendering and the like), handed
 * to it with its other settings (ssr-client.ts): those calls come from the server's own address, which would
 * otherwise pool every visitor's renewals into one address's budget.
 */
export const RENDER_KEY = randomBytes(32).toString('base64url');
const renderKey = Buffer.from(RENDER_KEY);

const fromWebServer = (request: FastifyRequest): boolean => {
  const sent = request.headers['x-civitas-render-key'];
  return typeof sent === 'string' && sent.length === RENDER_KEY.length && timingSafeEqual(Buffer.from(sent), renderKey);
};

/**
 * Whose budget a request spends: a signed-in citizen's own, wherever they call from (the web server's calls
 * for them included); anyone else's (guests, no session) their address's, since guest sessions cost nothing to
 * make. `null`: not limited: machine clients (the app's own server rendering among them), which hold a secret
 * and speak for many people, and the web server's own calls for nobody in particular.
 */
function budgetKey(caller: Caller | null | undefined, request: FastifyRequest): string | null {
  if (caller?.kind === 'citizen') return `citizen:${caller.citizenId}`;
  if (caller?.kind === 'machine' || fromWebServer(request)) return null;
  return `ip:${request.ip}`;
}

interface Budget {
  /** Names the budget in its key and in the 429's message ("Too many <what>"). */
  name: string;
  what: string;
  max: number;
  timeWindow: number;
}

/** One request's count against a budget, as the rate-limit plugin reports it. */
export type Spent = Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>;

/**
 * What a budget reads of a request (its address, its headers, its route's options): a request answered before
 * routing (http/express-lane.ts) is counted from these parts alone.
 */
export type CountedParts = Pick<FastifyRequest, 'ip' | 'headers' | 'routeOptions'>;

/** The route options of a request counted before routing: none of a route's own budget settings apply. */
export const NO_ROUTE_OPTIONS = { config: {} } as FastifyRequest['routeOptions'];

export interface BudgetCounter {
  /** The onRequest hook of the budget's routes. */
  hook: LimitHook;
  /** Counts one request the routes do not see (http/express-lane.ts). */
  spend(parts: CountedParts): Promise<Spent>;
  /**
   * Hands a request counted by `spend` to the routes after all (its budget was spent): the hook answers with
   * that count instead of counting it twice.
   */
  leaveCounted(raw: FastifyRequest['raw'], spent: Spent): void;
}

/**
 * One budget as an onRequest hook, counted in the rate-limit plugin's store (Redis when REDIS_URL is set, so
 * every instance counts together). The hook answers the standard RateLimit-* headers, and a 429 with
 * Retry-After once the budget is spent. Made once per budget and shared by its routes: one counter per key.
 */
function budgetCounter(
  app: FastifyInstance,
  budget: Budget,
  keyOf: (request: FastifyRequest) => string | null,
): BudgetCounter {
  const options = {
    max: budget.max,
    timeWindow: budget.timeWindow,
    // Read by the in-memory store when it is made for these options (missing from the plugin's types).
    cache: LOCAL_KEYS,
    keyGenerator: (request: FastifyRequest) => `${budget.name}:${keyOf(request) ?? NOT_COUNTED}`,
    // Given the key just made, so who the caller is is worked out once a request.
    allowList: (_request: FastifyRequest, key: string) => key.endsWith(`:${NOT_COUNTED}`),
  };
  const count = app.createRateLimit(options);
  const countedBefore = new WeakMap<FastifyRequest['raw'], Spent>();
  const hook: LimitHook = async (request, reply) => {
    const result = countedBefore.get(request.raw) ?? (await count(request));
    if (result.isAllowed) return;
    reply.header('ratelimit-limit', result.max);
    reply.header('ratelimit-remaining', result.remaining);
    reply.header('ratelimit-reset', result.ttlInSeconds);
    if (!result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new AppError(429, 'RATE_LIMITED', `Too many ${budget.what}; try again in ${result.ttlInSeconds} seconds`);
  };
  // The plugin reads only these parts of the request it is given (its key generator, allow list and group).
  return {
    hook,
    spend: (parts) => count(parts as FastifyRequest),
    leaveCounted: (raw, spent) => countedBefore.set(raw, spent),
  };
}

/**
 * Calls that reach other people (a follow, a friend request, a post or caption that mentions them) have a
 * budget of their own, much smaller than the general one.
 */
const reachBudgets = ({ config }: AppContext): [Budget, EndpointDef[]][] => [
  [
    { name: 'follows', what: 'follows and unfollows', max: config.FOLLOWS_PER_HOUR, timeWindow: 60 * MINUTE },
    [follow, unfollow],
  ],
  [
    { name: 'friend-requests', what: 'friend requests', max: config.FRIEND_REQUESTS_PER_HOUR, timeWindow: 60 * MINUTE },
    [sendFriendRequest],
  ],
  [
    { name: 'posts', what: 'posts and caption edits', max: config.POSTS_PER_30_MINUTES, timeWindow: 30 * MINUTE },
    [createPost, updateCaption],
  ],
];

/** The budgets of contract routes. */
export interface AbuseLimits {
  /** The onRequest hooks of one route: the general budget, then the route's own where it reaches people. */
  hooksFor(endpoint: EndpointDef): LimitHook[];
  /** The general budget, for requests answered before routing. */
  general: BudgetCounter;
}

/**
 * The onRequest hooks of every contract route (README and ADR 013 list the numbers). `callerOf` answers who
 * the route's authentication found, so they run after it.
 */
export function createAbuseLimits(
  app: FastifyInstance,
  ctx: AppContext,
  callerOf: (request: FastifyRequest) => Caller | null | undefined,
): AbuseLimits {
  const keyOf = (request: FastifyRequest) => budgetKey(callerOf(request), request);
  const general = budgetCounter(
    app,
    { name: 'calls', what: 'requests', max: ctx.config.REQUESTS_PER_5_MINUTES, timeWindow: 5 * MINUTE },
    keyOf,
  );
  const reaching = new Map<EndpointDef, LimitHook>();
  for (const [budget, endpoints] of reachBudgets(ctx)) {
    const { hook } = budgetCounter(app, budget, keyOf);
    for (const endpoint of endpoints) reaching.set(endpoint, hook);
  }
  return {
    general,
    hooksFor: (endpoint) => {
      const own = reaching.get(endpoint);
      return own ? [general.hook, own] : [general.hook];
    },
  };
}

/** Paths no budget counts: Next's content-hashed assets, media files, files and the health checks. */
const isUncounted = (url: string): boolean => {
  const path = url.split('?')[0] ?? '';
  if (path === '/healthz' || path === '/livez' || path.startsWith('/_next/') || path.startsWith('/media/')) return true;
  return path.slice(path.lastIndexOf('/')).includes('.');
};

/**
 * Everything outside the contract (web pages, the sign-in flow, OAuth, the docs, the error-report tunnel, the
 * analytics socket's upgrades) spends its address's budget of the same size as the calls' (per address, since
 * nobody is signed in to these). Contract routes are counted by their own hooks, after authentication.
 */
export function registerAddressBudget(app: FastifyInstance, ctx: AppContext): void {
  const { hook: count } = budgetCounter(
    app,
    { name: 'requests', what: 'requests', max: ctx.config.REQUESTS_PER_5_MINUTES, timeWindow: 5 * MINUTE },
    (request) => `ip:${request.ip}`,
  );
  // A callback hook, so the contract routes it skips (most requests) pay for no promise here.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.endpoint || isUncounted(request.url)) return done();
    count(request, reply).then(() => done(), done);
  });
}
