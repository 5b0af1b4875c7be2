import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  createComment,
  createPost,
  createReport,
  type EndpointDef,
  follow,
  removeMyCoverPicture,
  removeMyProfilePicture,
  sendFriendRequest,
  setMyCoverPicture,
  setMyProfilePicture,
  unfollow,
  updateCaption,
  updateMyProfile,
} from '@civitas/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import type { AppContext } from '../context.js';
import { addressKey } from './address-key.js';
import type { Caller } from './auth/tokens.js';
import { budgetStore, type CountStore } from './budget-stores.js';
import { AppError } from './errors.js';
import { budgetHeaders, onReply, type Spent } from './request-checks.js';

const MINUTE = 60_000;

/** Counters kept in memory per instance (more keys than this in one window: the least recent are forgotten). */
const LOCAL_KEYS = 100_000;

export type LimitHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/**
 * This process's key for the web server's own calls (session renewal while rendering and the like), handed
 * to it with its other settings (web/ssr-client.ts): those calls come from the server's own address, which would
 * otherwise pool every visitor's renewals into one address's budget.
 */
export const RENDER_KEY = randomBytes(32).toString('base64url');
const renderKey = Buffer.from(RENDER_KEY);

const fromWebServer = (request: CountedParts): boolean => {
  const sent = request.headers['x-civitas-render-key'];
  return typeof sent === 'string' && sent.length === RENDER_KEY.length && timingSafeEqual(Buffer.from(sent), renderKey);
};

/**
 * Whose budget a request spends: a signed-in citizen's own, wherever they call from (the web server's calls
 * for them included); anyone else's (guests, no session) their address's, since guest sessions cost nothing to
 * make. `null`: not limited: machine clients (the app's own server rendering among them), which hold a secret
 * and speak for many people, and the web server's own calls for nobody in particular.
 */
function budgetKey(request: CountedParts): string | null {
  const { caller } = request;
  if (caller?.kind === 'citizen') return `citizen:${caller.citizenId}`;
  if (caller?.kind === 'machine' || fromWebServer(request)) return null;
  return `ip:${addressKey(request.ip)}`;
}

interface Budget {
  /** Names the budget in its key and in the 429's message ("Too many <what>"). */
  name: string;
  what: string;
  max: number;
  timeWindow: number;
}

/**
 * What a budget reads of a request: its address, its headers and who authentication found (undefined before
 * authentication). A request answered before routing (http/express-lane.ts) is counted from these parts alone.
 */
export interface CountedParts extends Pick<FastifyRequest, 'ip' | 'headers'> {
  caller?: Caller | null;
}

export interface BudgetCounter {
  /** The onRequest hook of the budget's routes. */
  hook: LimitHook;
  /**
   * Counts one request the routes do not see (http/express-lane.ts). `done` is called at once when the budget
   * is counted in this process's memory, later when in Redis.
   */
  spend(parts: CountedParts, done: (error: Error | null, spent?: Spent) => void): void;
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
 * A callback hook, and a callback count: in memory a request's count costs no promise.
 */
function budgetCounter(
  store: CountStore,
  budget: Budget,
  keyOf: (parts: CountedParts) => string | null,
  callerOf: (request: FastifyRequest) => Caller | null | undefined = () => undefined,
): BudgetCounter {
  const spend: BudgetCounter['spend'] = (parts, done) => {
    const owner = keyOf(parts);
    if (owner === null) return done(null, { isAllowed: true });
    store.incr(
      `${budget.name}:${owner}`,
      (error, count) => {
        if (error || !count) return done(error ?? new Error(`the ${budget.name} budget's store gave no count`));
        done(null, {
          isAllowed: false,
          max: budget.max,
          remaining: Math.max(0, budget.max - count.current),
          ttlInSeconds: Math.ceil(count.ttl / 1000),
          isExceeded: count.current > budget.max,
        });
      },
      budget.timeWindow,
      budget.max,
    );
  };
  const countedBefore = new WeakMap<FastifyRequest['raw'], Spent>();
  const answer = (reply: FastifyReply, result: Spent): AppError | undefined => {
    budgetHeaders(result, reply, onReply);
    if (result.isAllowed || !result.isExceeded) return undefined;
    return new AppError(429, 'RATE_LIMITED', `Too many ${budget.what}; try again in ${result.ttlInSeconds} seconds`);
  };
  const hook: LimitHook = (request, reply, done) => {
    const before = countedBefore.get(request.raw);
    if (before) return done(answer(reply, before));
    const parts = { ip: request.ip, headers: request.headers, caller: callerOf(request) };
    spend(parts, (error, spent) => done(error ?? answer(reply, spent as Spent)));
  };
  return { hook, spend, leaveCounted: (raw, spent) => countedBefore.set(raw, spent) };
}

/**
 * Calls that reach other people (a follow, a friend request, a post or caption that mentions them, a new name
 * or picture everyone sees) have a budget of their own, much smaller than the general one.
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
  [
    {
      name: 'profile-changes',
      what: 'changes to your profile',
      max: config.PROFILE_CHANGES_PER_HOUR,
      timeWindow: 60 * MINUTE,
    },
    [updateMyProfile, setMyProfilePicture, removeMyProfilePicture, setMyCoverPicture, removeMyCoverPicture],
  ],
  [
    { name: 'comments', what: 'comments', max: config.COMMENTS_PER_10_MINUTES, timeWindow: 10 * MINUTE },
    [createComment],
  ],
  [{ name: 'reports', what: 'reports', max: config.REPORTS_PER_HOUR, timeWindow: 60 * MINUTE }, [createReport]],
];

/** The budgets of contract routes. */
export interface AbuseLimits {
  /** The onRequest hooks of one route: the general budget, then the route's own where it reaches people. */
  hooksFor(endpoint: EndpointDef): LimitHook[];
  /** The general budget, for requests answered before routing. */
  general: BudgetCounter;
  /**
   * Counts a request that authentication refused (no token, a forged or expired one) in its address's general
   * budget, as a guest's call: resolves when within it, rejects with the 429 once spent. Without it a flood of
   * forged tokens would cost a signature check each and count against nothing.
   */
  countRefused(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * The onRequest hooks of every contract route (README and ADR 013 list the numbers). `callerOf` answers who
 * the route's authentication found, so they run after it.
 */
export function createAbuseLimits(
  ctx: AppContext,
  callerOf: (request: FastifyRequest) => Caller | null | undefined,
): AbuseLimits {
  const general = budgetCounter(
    budgetStore(ctx.redis, LOCAL_KEYS),
    { name: 'calls', what: 'requests', max: ctx.config.REQUESTS_PER_5_MINUTES, timeWindow: 5 * MINUTE },
    budgetKey,
    callerOf,
  );
  const reaching = new Map<EndpointDef, LimitHook>();
  for (const [budget, endpoints] of reachBudgets(ctx)) {
    const { hook } = budgetCounter(budgetStore(ctx.redis, LOCAL_KEYS), budget, budgetKey, callerOf);
    for (const endpoint of endpoints) reaching.set(endpoint, hook);
  }
  return {
    general,
    // Authentication found no caller, so the general budget counts the request under its address.
    countRefused: (request, reply) =>
      new Promise((resolve, reject) => general.hook(request, reply, (error) => (error ? reject(error) : resolve()))),
    hooksFor: (endpoint) => {
      const own = reaching.get(endpoint);
      return own ? [general.hook, own] : [general.hook];
    },
  };
}

/**
 * Paths no budget counts: Next's content-hashed assets, media files and the health checks. The API's documents
 * (`/api/openapi.json`, `/api/docs`) are counted like any other call: each is made or read anew per request.
 */
const UNCOUNTED_PREFIXES = ['/_next/static/', '/media/'];
const UNCOUNTED_PATHS = new Set(['/healthz', '/livez']);

// Any other path is counted, a dotted one included: a path that names no file still costs a rendered page.
const isUncounted = (path: string, route: FastifyContextConfig): boolean =>
  UNCOUNTED_PATHS.has(path) ||
  UNCOUNTED_PREFIXES.some((prefix) => path.startsWith(prefix)) ||
  route.uncountedPaths?.has(path) === true;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Paths this route serves that no budget counts (the web's public files, fetched with every page). */
    uncountedPaths?: ReadonlySet<string>;
  }
}

/**
 * Everything outside the contract (web pages, the sign-in flow, OAuth, the docs, the error-report tunnel, the
 * analytics socket's upgrades) spends its address's budget of the same size as the calls' (per address, since
 * nobody is signed in to these). Contract routes are counted by their own hooks, after authentication.
 */
export function registerAddressBudget(app: FastifyInstance, ctx: AppContext): void {
  const { hook: count } = budgetCounter(
    budgetStore(ctx.redis, LOCAL_KEYS),
    { name: 'requests', what: 'requests', max: ctx.config.REQUESTS_PER_5_MINUTES, timeWindow: 5 * MINUTE },
    (request) => `ip:${addressKey(request.ip)}`,
  );
  // A callback hook, so the contract routes it skips (most requests) pay for no promise here.
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.config;
    if (route.endpoint || isUncounted(request.url.split('?')[0] ?? '', route)) return done();
    count(request, reply, done);
  });
}
