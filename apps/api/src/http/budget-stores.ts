import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';

/** A key's requests in its current window, and the milliseconds left of that window. */
export interface Count {
  current: number;
  ttl: number;
}

/**
 * Where budgets are counted: the rate-limit plugin's own stores (its documented custom-store interface). The
 * in-memory one calls back at once, so a request counted there costs no promise; Redis's calls back when it
 * answers.
 */
export interface CountStore {
  incr(key: string, done: (error: Error | null, count: Count | null) => void, timeWindow: number, max: number): void;
}

type StoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, ...where: unknown[]) => CountStore;

// The plugin ships its stores without declarations, so they are loaded untyped and given the interface above.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;

/** Redis when REDIS_URL is set (every instance counts together), else this process's memory, per budget. */
export const budgetStore = (redis: Redis | null, localKeys: number): CountStore =>
  redis ? new RedisStore(false, false, redis, 'civitas:budget:') : new LocalStore(false, false, localKeys);
