import DataLoader from 'dataloader';

/**
 * Reads that requests make in the same turn of the event loop, made as one (ADR 033, 034). Node answers each
 * socket's request in its own callback, with its promises settled in between: only the check phase, after the
 * poll phase has read every ready socket, sees the requests of one turn. Nothing is cached between turns.
 * `holdBackHalf` (for reads that wait on a database server, ADR 047): half of each read's answers go out a turn
 * later, while the next read runs.
 */
export const sameTurn = <K, V>(
  read: (keys: readonly K[]) => Promise<(V | Error)[]>,
  maxBatchSize: number,
  { holdBackHalf }: { holdBackHalf: boolean },
) =>
  new DataLoader<K, V>(holdBackHalf ? async (keys) => halfHeldBack(await read(keys)) : read, {
    cache: false,
    maxBatchSize,
    batchScheduleFn: (send) => {
      sendsThisTurn.push(send);
      endTurnSoon();
    },
  });

/*
 * A batch's answers in two halves (ADR 047). Under a crowd, the requests of one turn went into one statement,
 * and its answers all went out together: the database idled while the server answered the batch and read the
 * requests those answers brought back, and the server idled while the database ran the next statement. So
 * the first half is answered at once; the rest at the end of the next turn, after that turn has read the
 * requests the first half brought back and sent their statement, which the database then runs while the
 * server answers the rest.
 *
 * The end of a turn is its check phase, and one `setImmediate` runs it: first the statements begun this turn
 * are sent, then the answers held back in the turn before are handed out. (Each on a `setImmediate` of its own
 * would run in the order they were queued, the held answers before a statement begun later in the turn.)
 */
let sendsThisTurn: (() => void)[] = [];
let heldThisTurn: (() => void)[] = [];
let heldFromLastTurn: (() => void)[] = [];
let turnEndQueued = false;

function endTurnSoon() {
  if (turnEndQueued) return;
  turnEndQueued = true;
  setImmediate(endTurn);
}

function endTurn() {
  turnEndQueued = false;
  const sends = sendsThisTurn;
  sendsThisTurn = [];
  for (const send of sends) send();
  const due = heldFromLastTurn;
  heldFromLastTurn = heldThisTurn;
  heldThisTurn = [];
  for (const handOut of due) handOut();
  // A turn with answers waiting ends without waiting for I/O, so they go out however quiet the sockets are.
  if (heldFromLastTurn.length > 0) endTurnSoon();
}

/**
 * The answers with the second half (the later keys) held back: each becomes a promise settled at the end of
 * the next turn. DataLoader settles each key's promise with its value, and a promise there is adopted, so the
 * key's own promise settles when the held one does (an Error held back rejects it, as DataLoader would have).
 */
function halfHeldBack<V>(answers: (V | Error)[]): (V | Error)[] {
  const atOnce = Math.ceil(answers.length / 2);
  if (atOnce === answers.length) return answers;
  endTurnSoon();
  return answers.map((answer, i) => {
    if (i < atOnce) return answer;
    const held = new Promise<V>((resolve, reject) => {
      heldThisTurn.push(() => (answer instanceof Error ? reject(answer) : resolve(answer)));
    });
    return held as unknown as V;
  });
}

/**
 * Writes that take turns (ADR 035): a batch starts once the one before it on the same line has finished, in the
 * turn after, and carries everything that arrived meanwhile (group commit). One statement in flight per line:
 * two that update the same rows in different orders could deadlock. A batch holds at most `maxBatchSize` keys
 * (what arrives beyond waits for the next), so the size is set above what arrives during one write. Half of
 * each batch's answers are held back for a turn, as a read's are, and go out while the next batch is written
 * (ADR 047). Returns a maker of loaders that share the line.
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
        return written.then(halfHeldBack);
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
