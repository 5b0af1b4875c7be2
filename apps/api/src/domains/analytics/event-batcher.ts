import type { AnalyticsEventRow } from './event-rows.js';

export interface EventBatcher {
  /** Resolves once the event is stored (then it may be acknowledged); rejects when it could not be. */
  add(row: AnalyticsEventRow): Promise<void>;
  /** Stores what is waiting and stops. */
  close(): Promise<void>;
}

interface Waiting {
  row: AnalyticsEventRow;
  settle: (error?: unknown) => void;
}

/**
 * Gathers the events of every socket into one insert per short interval: hundreds of sockets sending at
 * once cost a few statements a second rather than one each. Nothing is acknowledged before it is stored.
 */
export function createEventBatcher(
  store: (rows: readonly AnalyticsEventRow[]) => Promise<void>,
  { maxDelayMs = 10, maxBatch = 1000 }: { maxDelayMs?: number; maxBatch?: number } = {},
): EventBatcher {
  let waiting: Waiting[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return writing;
    // One write at a time, in arrival order, so a socket's events are stored in the order they came.
    writing = writing.then(async () => {
      try {
        await store(batch.map((entry) => entry.row));
        for (const entry of batch) entry.settle();
      } catch (error) {
        for (const entry of batch) entry.settle(error ?? new Error('not stored'));
      }
    });
    return writing;
  };

  return {
    add(row) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ row, settle: (error) => (error === undefined ? resolve() : reject(error)) });
        if (waiting.length >= maxBatch) void flush();
        else timer ??= setTimeout(flush, maxDelayMs);
      });
    },
    async close() {
      await flush();
    },
  };
}
