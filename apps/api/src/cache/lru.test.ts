import { describe, expect, it } from 'vitest';
import { lru } from './lru.js';

describe('lru', () => {
  it('keeps at most maxEntries, forgetting the least recently used first', () => {
    const cache = lru<string, number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now more recent than b
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('replaces a value without growing, and deletes on request', () => {
    const cache = lru<string, number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('a', 2);
    expect(cache.size).toBe(1);
    expect(cache.get('a')).toBe(2);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets entries older than ttlMs', () => {
    let time = 1_000;
    const cache = lru<string, number>({ maxEntries: 10, ttlMs: 100, now: () => time });
    cache.set('a', 1);
    time += 99;
    expect(cache.get('a')).toBe(1);
    time += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds nothing when maxEntries is 0', () => {
    const cache = lru<string, number>({ maxEntries: 0 });
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe('lru peek', () => {
  it('reads without making the entry recent', () => {
    const cache = lru<string, number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.peek('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBe(2);
  });
});
