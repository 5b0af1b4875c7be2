/**
 * A rate limit that allows short bursts: `perMinute` on average, up to `burst` at once. `take` answers 0
 * when the event may pass, else the milliseconds until it could.
 */
export function createTokenBucket(perMinute: number, burst: number, now: () => number = Date.now) {
  const refillPerMs = perMinute / 60_000;
  let tokens = burst;
  let updatedAt = now();
  return {
    take(): number {
      const at = now();
      tokens = Math.min(burst, tokens + (at - updatedAt) * refillPerMs);
      updatedAt = at;
      if (tokens >= 1) {
        tokens -= 1;
        return 0;
      }
      return Math.ceil((1 - tokens) / refillPerMs);
    },
  };
}
