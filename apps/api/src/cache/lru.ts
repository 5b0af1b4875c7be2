/**
 * A bounded map that forgets the least recently used entry once it holds `maxEntries`, optionally also
 * entries older than `ttlMs`. A Map keeps insertion order, so re-inserting on each hit makes its first key
 * the least recently used one: every operation is O(1). `maxEntries: 0` makes a cache that holds nothing.
 */
export interface Lru<K, V> {
  get(key: K): V | undefined;
  /** The value without counting as a use (cheaper than get; for caches where recency matters little). */
  peek(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
  readonly size: number;
}

export function lru<K, V>(options: { maxEntries: number; ttlMs?: number; now?: () => number }): Lru<K, V> {
  const { maxEntries, ttlMs } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<K, { value: V; storedAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      entries.delete(key);
      if (ttlMs !== undefined && now() - entry.storedAt >= ttlMs) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    peek(key) {
      const entry = entries.get(key);
      if (entry === undefined || (ttlMs !== undefined && now() - entry.storedAt >= ttlMs)) return undefined;
      return entry.value;
    },
    set(key, value) {
      if (maxEntries <= 0) return;
      entries.delete(key);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { value, storedAt: ttlMs === undefined ? 0 : now() });
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
