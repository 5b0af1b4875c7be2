import { storeMadeSignal } from './store-made';

/**
 * The store on demand (ADR 018). Islands import this module, which holds no Redux: the store and its slices
 * arrive in their own chunk on the first interaction that needs them.
 */
export type StoreRuntime = typeof import('./store-runtime');

let loading: Promise<StoreRuntime> | null = null;

export function loadStore(): Promise<StoreRuntime> {
  loading ??= import('./store-runtime').catch((error: unknown) => {
    // A failed download (the network dropped) may succeed on the next tap.
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Runs `task` with the store once something else has made it, never loading it for its own sake: what
 * follows the store's copy of a value (the header picture) does not put the store into a page's first load.
 * Returns a cancel.
 */
export function whenStoreMade(task: (runtime: StoreRuntime) => void): () => void {
  let cancelled = false;
  storeMadeSignal.then(loadStore).then(
    (runtime) => cancelled || task(runtime),
    () => undefined,
  );
  return () => {
    cancelled = true;
  };
}
