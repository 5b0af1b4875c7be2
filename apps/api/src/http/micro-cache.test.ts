import { describe, expect, it } from 'vitest';
import { microCache } from './micro-cache.js';

describe('microCache', () => {
  it('shares one computation between concurrent readers and keeps it for the TTL only', async () => {
    let clock = 1000;
    let computed = 0;
    const cache = microCache<number>({ ttlMs: 100, maxEntries: 10, now: () => clock });
    const compute = async () => ++computed;
    const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect([a, b, computed]).toEqual([1, 1, 1]);
    clock += 99;
    expect(await cache.get('k', compute)).toBe(1);
    clock += 1;
    expect(await cache.get('k', compute)).toBe(2);
  });

  it('forgets failures and stays within its size', async () => {
    const cache = microCache<string>({ ttlMs: 1000, maxEntries: 2 });
    await expect(cache.get('x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('x', async () => 'ok')).toBe('ok');
    await cache.get('y', async () => 'y');
    await cache.get('z', async () => 'z');
    let recomputed = false;
    await cache.get('x', async () => {
      recomputed = true;
      return 'again';
    });
    expect(recomputed).toBe(true);
  });
});

describe('microCache.peek', () => {
  it('gives a value only once it is computed, and only while it is fresh', async () => {
    let clock = 1000;
    const cache = microCache<string>({ ttlMs: 100, maxEntries: 10, now: () => clock });
    let finish: (value: string) => void = () => {};
    const pending = cache.get('k', () => new Promise((resolve) => (finish = resolve)));
    expect(cache.peek('k')).toBeUndefined();
    finish('page');
    await pending;
    expect(cache.peek('k')).toBe('page');
    expect(cache.peek('other')).toBeUndefined();
    clock += 100;
    expect(cache.peek('k')).toBeUndefined();
  });

  it('gives nothing for a failed computation', async () => {
    const cache = microCache<string>({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(cache.peek('k')).toBeUndefined();
  });
});
