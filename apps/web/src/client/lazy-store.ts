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

let announce: () => void = () => undefined;
const made = new Promise<void>((resolve) => {
  announce = resolve;
});

/** Told by tab-store.ts when the tab's store is made (by an island's need or a store page's provider). */
export const storeMade = (): void => announce();

/**
 * Runs `task` with the store once something else has made it, never loading it for its own sake: what
 * follows the store's copy of a value (the header picture) does not put the store into a page's first load.
 * Returns a cancel.
 */
export function whenStoreMade(task: (runtime: StoreRuntime) => void): () => void {
  let cancelled = false;
  made.then(loadStore).then(
    (runtime) => cancelled || task(runtime),
    () => undefined,
  );
  return () => {
    cancelled = true;
  };
}
