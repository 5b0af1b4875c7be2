import type { Redis } from 'ioredis';

/**
 * Counts attempts per key in fixed windows (e.g. failed sign-ins per account). In memory for one
 * instance; in Redis when REDIS_URL is set, so every instance shares the count.
 */
export interface AttemptLimiter {
  /** Records one attempt; returns the seconds to wait when the key is over its limit, else 0. */
  hit(key: string, limit: number, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
}

export function memoryLimiter(now: () => number = Date.now): AttemptLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowMs) {
      const at = now();
      if (windows.size > 100_000) for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
      const current = windows.get(key);
      const window = current && current.resetAt > at ? current : { count: 0, resetAt: at + windowMs };
      window.count += 1;
      windows.set(key, window);
      return window.count > limit ? Math.ceil((window.resetAt - at) / 1000) : 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function redisLimiter(redis: Redis, prefix = 'civitas:attempts:'): AttemptLimiter {
  return {
    async hit(key, limit, windowMs) {
      const name = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(name).pttl(name).exec()) as [
        [null, number],
        [null, number],
      ];
      if (ttl < 0) await redis.pexpire(name, windowMs);
      return count > limit ? Math.ceil(Math.max(ttl, windowMs) / 1000) : 0;
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
