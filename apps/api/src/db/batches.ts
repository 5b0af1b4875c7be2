import DataLoader from 'dataloader';

/**
 * Reads that requests make in the same turn of the event loop, made as one (ADR 033, 034). Node answers each
 * socket's request in its own callback, with its promises settled in between: only the check phase, after the
 * poll phase has read every ready socket, sees the requests of one turn. Nothing is cached between turns.
 */
export const sameTurn = <K, V>(read: (keys: readonly K[]) => Promise<(V | Error)[]>, maxBatchSize: number) =>
  new DataLoader<K, V>(read, { cache: false, maxBatchSize, batchScheduleFn: (dispatch) => setImmediate(dispatch) });

/**
 * Writes that take turns (ADR 035): a batch starts once the one before it on the same line has finished, in the
 * turn after, and carries everything that arrived meanwhile (group commit). One statement in flight per line:
 * two that update the same rows in different orders could deadlock. A batch holds at most `maxBatchSize` keys
 * (what arrives beyond waits for the next), so the size is set above what arrives during one write. Returns a
 * maker of loaders that share the line.
 *
 * The line is a queue of the batches in the order they were begun, whichever loader they belong to: each waits
 * for the one begun before it. (Waiting for "the write in flight" instead let a like batch and an unlike batch
 * begun during the same write start together once it finished: two statements on the line at once.)
 */
export function writeLine(maxBatchSize: number) {
  let last: Promise<void> = Promise.resolve();
  // The batch being dispatched, whose end lets the next one start: DataLoader calls the batch function
  // synchronously inside `dispatch`.
  let dispatching: (() => void) | null = null;
  const batchScheduleFn = (dispatch: () => void) => {
    const before = last;
    let finished = () => {};
    last = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const start = () =>
      setImmediate(() => {
        dispatching = finished;
        dispatch();
        dispatching = null;
      });
    before.then(start, start);
  };
  return <K, V>(write: (keys: readonly K[]) => Promise<(V | Error)[]>) =>
    new DataLoader<K, V>(
      (keys) => {
        const finished = dispatching ?? (() => {});
        // A write that throws at once still frees the line.
        const written = (async () => write(keys))();
        written.then(finished, finished);
        return written;
      },
      { cache: false, maxBatchSize, batchScheduleFn },
    );
}

/**
 * After a batch statement failed as a whole (it is atomic: it wrote nothing), each key written on its own, each
 * failure kept as that key's answer, so one bad write fails only its own request.
 */
export const eachAlone = <K, V>(keys: readonly K[], alone: (key: K) => Promise<V>): Promise<(V | Error)[]> =>
  Promise.all(
    keys.map((key) =>
      alone(key).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
    ),
  );

/**
 * `make(key)` made once per key object and kept as long as the key lives: a database's batching loaders, made on
 * its first use (a test app's database has its own, and they go with it).
 */
export function oncePer<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}
