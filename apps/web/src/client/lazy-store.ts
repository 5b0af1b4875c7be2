/**
 * The store on demand (ADR 018). Islands import this module, which holds no Redux: the store and its slices
 * arrive in their own chunk on the first interaction that needs them.
 */
export type StoreRuntime = typeof import('./store-runtime');

let loading: Promise<StoreRuntime> | null = null;
let made = false;
const waiting = new Set<(runtime: StoreRuntime) => void>();

export function loadStore(): Promise<StoreRuntime> {
  loading ??= import('./store-runtime').catch((error: unknown) => {
    // A failed download (the network dropped) may succeed on the next tap.
    loading = null;
    throw error;
  });
  return loading;
}

/** Told by tab-store.ts when the tab's store is made (by an island's need or a store page's provider). */
export function storeMade(): void {
  made = true;
  if (waiting.size === 0) return;
  loadStore().then(
    (runtime) => {
      for (const task of [...waiting]) task(runtime);
      waiting.clear();
    },
    () => undefined,
  );
}

/**
 * Runs `task` with the store once something else has made it, never loading it for its own sake: what
 * follows the store's copy of a value (the header picture) does not put the store into a page's first load.
 * Returns a cancel.
 */
export function whenStoreMade(task: (runtime: StoreRuntime) => void): () => void {
  let cancelled = false;
  const run = (runtime: StoreRuntime) => {
    if (!cancelled) task(runtime);
  };
  if (made) loadStore().then(run, () => undefined);
  else waiting.add(run);
  return () => {
    cancelled = true;
    waiting.delete(run);
  };
}
