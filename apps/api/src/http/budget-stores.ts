import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
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

/** Redis when REDIS_URL is set (every instance counts together), else this process's memory, per budget. */
export const budgetStore = (redis: Redis | null, localKeys: number): CountStore =>
  redis ? new RedisStore(false, false, redis, 'civitas:budget:') : new LocalStore(false, false, localKeys);
