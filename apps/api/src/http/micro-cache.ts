/**
 * A small time-bounded cache with single flight: concurrent misses for one key share one computation.
 * For answers that may be a moment stale (a guest's view of the stage), it turns a hot page into one query
 * per key per TTL, however many readers arrive.
 */
export interface MicroCache<T> {
  get(key: string, compute: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function microCache<T>(options: { ttlMs: number; maxEntries: number; now?: () => number }): MicroCache<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: Promise<T>; expiresAt: number }>();
  return {
    get(key, compute) {
      const at = now();
      const entry = entries.get(key);
      if (entry && entry.expiresAt > at) return entry.value;
      if (entries.size >= options.maxEntries) {
        for (const [k, e] of entries) if (e.expiresAt <= at) entries.delete(k);
        if (entries.size >= options.maxEntries) entries.clear();
      }
      const value = compute();
      entries.set(key, { value, expiresAt: at + options.ttlMs });
      // A failed computation is not remembered: the next reader tries again.
      value.catch(() => entries.delete(key));
      return value;
    },
    clear: () => entries.clear(),
  };
}
