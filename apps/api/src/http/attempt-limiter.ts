import type { Redis } from 'ioredis';

/**
 * Counts attempts per key in fixed windows (e.g. failed sign-ins per account). In memory for one
 * instance; in Redis when REDIS_URL is set, so every instance shares the count.
 */
export interface AttemptLimiter {
  /** Records `amount` attempts (one by default); returns the seconds to wait when the key is over its limit, else 0. */
  hit(key: string, limit: number, windowMs: number, amount?: number): Promise<number>;
  /** Whether the key has used up its limit already (the seconds to wait, else 0), recording nothing. */
  peek(key: string, limit: number): Promise<number>;
  reset(key: string): Promise<void>;
}

/** Keys one instance keeps in memory: past it, expired windows go, then the oldest (Redis keeps every key). */
const MEMORY_KEYS = 100_000;

export function memoryLimiter(now: () => number = Date.now): AttemptLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  // Swept down to nine tenths when full, so the sweep runs once per ten thousand new keys, not on every call.
  const makeRoom = (at: number) => {
    for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
    for (const k of windows.keys()) {
      if (windows.size <= MEMORY_KEYS * 0.9) break;
      windows.delete(k);
    }
  };
  return {
    async hit(key, limit, windowMs, amount = 1) {
      const at = now();
      if (windows.size >= MEMORY_KEYS && !windows.has(key)) makeRoom(at);
      const current = windows.get(key);
      const window = current && current.resetAt > at ? current : { count: 0, resetAt: at + windowMs };
      window.count += amount;
      windows.set(key, window);
      return window.count > limit ? Math.ceil((window.resetAt - at) / 1000) : 0;
    },
    async peek(key, limit) {
      const at = now();
      const current = windows.get(key);
      return current && current.resetAt > at && current.count >= limit ? Math.ceil((current.resetAt - at) / 1000) : 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function redisLimiter(redis: Redis, prefix = 'civitas:attempts:'): AttemptLimiter {
  return {
    async hit(key, limit, windowMs, amount = 1) {
      const name = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incrby(name, amount).pttl(name).exec()) as [
        [null, number],
        [null, number],
      ];
      if (ttl < 0) await redis.pexpire(name, windowMs);
      return count > limit ? Math.ceil((ttl > 0 ? ttl : windowMs) / 1000) : 0;
    },
    async peek(key, limit) {
      const name = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().get(name).pttl(name).exec()) as [
        [null, string | null],
        [null, number],
      ];
      return Number(count ?? 0) >= limit && ttl > 0 ? Math.ceil(ttl / 1000) : 0;
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
