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
