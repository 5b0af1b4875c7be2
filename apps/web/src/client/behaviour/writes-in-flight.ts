/**
 * Writes a page sends as it is left (the keepalive discard of an unfinished post, ADR 064) that a sign-out lets
 * reach the server first: the sign-out revokes the session they are sent with, so a discard that arrived after
 * it would be refused and the post left behind until the server's sweep.
 */
const inFlight = new Set<Promise<unknown>>();

/** Keeps `write` in view until it settles. */
export function trackWrite(write: Promise<unknown>): void {
  inFlight.add(write);
  const done = () => inFlight.delete(write);
  write.then(done, done);
}

/**
 * Resolves once every write in flight has settled, or after `limitMs` (a hung write does not hold a sign-out
 * up for long: what it misses, the server sweeps).
 */
export async function writesSettled(limitMs = 3_000): Promise<void> {
  if (inFlight.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, limitMs);
  });
  await Promise.race([Promise.allSettled([...inFlight]), limit]);
  clearTimeout(timer);
}
