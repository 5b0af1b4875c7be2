/**
 * A small time-bounded cache with single flight: concurrent misses for one key share one computation.
 * For answers that may be a moment stale (a guest's view of the stage), it turns a hot page into one query
 * per key per TTL, however many readers arrive.
 */
export interface MicroCache<T> {
  get(key: string, compute: () => Promise<T>): Promise<T>;
  /** The value kept under `key` if it is computed and fresh, without waiting or computing (http/express-lane.ts). */
  peek(key: string): T | undefined;
  clear(): void;
}

interface Entry<T> {
  value: Promise<T>;
  expiresAt: number;
  /** Set once the computation has succeeded. */
  settled?: { value: T };
}

export function microCache<T>(options: { ttlMs: number; maxEntries: number; now?: () => number }): MicroCache<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<T>>();
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
      const made: Entry<T> = { value, expiresAt: at + options.ttlMs };
      entries.set(key, made);
      value.then(
        (result) => {
          made.settled = { value: result };
        },
        // A failed computation is not remembered: the next reader tries again.
        () => {
          if (entries.get(key) === made) entries.delete(key);
        },
      );
      return value;
    },
    peek(key) {
      const entry = entries.get(key);
      return entry && entry.expiresAt > now() ? entry.settled?.value : undefined;
    },
    clear: () => entries.clear(),
  };
}
