import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type AttemptLimiter, memoryLimiter, redisLimiter } from '../../src/http/attempt-limiter.js';
import { testRedisUrl } from '../support/redis-queue.js';

// The attempt counters behind sign-in locks, code guesses and analytics budgets, in memory and on the machine's
// Redis (keys under a prefix of this run, deleted after).

const redis = new Redis(testRedisUrl);
const prefix = `civitas:test:attempts:${process.pid}:${Date.now()}:`;
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

describe.each([
  ['in memory', () => memoryLimiter()],
  ['on Redis', () => redisLimiter(redis, prefix)],
])('the attempt limiter %s', (_name, make: () => AttemptLimiter) => {
  it('counts hits in a window, tells the time left past the limit, and peeks without counting', async () => {
    const limiter = make();
    expect(await limiter.peek('a', 2)).toBe(0);
    expect(await limiter.hit('a', 2, 60_000)).toBe(0);
    expect(await limiter.hit('a', 2, 60_000)).toBe(0);
    expect(await limiter.peek('a', 2)).toBeGreaterThan(55);
    expect(await limiter.peek('a', 2)).toBeLessThanOrEqual(60);
    // Peeking counted nothing: the third hit is the first over the limit.
    const wait = await limiter.hit('a', 2, 60_000);
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    await limiter.reset('a');
    expect(await limiter.peek('a', 2)).toBe(0);
  });

  it('records several attempts at once (a beacon of many events) as that many', async () => {
    const limiter = make();
    expect(await limiter.hit('many', 5, 60_000, 5)).toBe(0);
    expect(await limiter.peek('many', 5)).toBeGreaterThan(0);
    expect(await limiter.hit('many', 5, 60_000, 1)).toBeGreaterThan(0);
    await limiter.reset('many');
    expect(await limiter.hit('many', 5, 60_000, 6)).toBeGreaterThan(0);
    await limiter.reset('many');
  });
});

describe('the in-memory limiter when full', () => {
  it('keeps at most 100,000 keys, dropping expired then oldest ones, and keeps counting the newest', async () => {
    let now = 0;
    const limiter = memoryLimiter(() => now);
    for (let key = 0; key < 100_000; key++) await limiter.hit(`k${key}`, 5, 1_000_000);
    now = 1;
    for (let extra = 0; extra < 3; extra++) await limiter.hit('newest', 1, 1_000_000);
    expect(await limiter.peek('newest', 1)).toBeGreaterThan(0);
    // The oldest keys made room: their counts start afresh.
    expect(await limiter.hit('k0', 1, 1_000_000)).toBe(0);
    expect(await limiter.peek('k99999', 1)).toBeGreaterThan(0);
  });
});
