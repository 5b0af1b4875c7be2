import { useSyncExternalStore } from 'react';

/**
 * When links may start prefetching (docs/product.md §2: links are prefetched with a 200 px margin). Not while the page
 * loads: each prefetch is a server render whose answer the browser parses, and the router loads the code of
 * the pages it names (a citizen's /me or /new brings the store), all on the main thread that is busy painting
 * and hydrating the page. The gate opens on the person's first scroll, touch, click or key, or once the page has been
 * quiet for a moment after its load; it then stays open for the tab (later pages prefetch as they mount).
 */

/** How long after `load` the page waits, then for an idle moment, before its links prefetch unasked. */
const QUIET_AFTER_LOAD_MS = 3000;

let open = false;
let started = false;
const listeners = new Set<() => void>();

function openGate(): void {
  if (open) return;
  open = true;
  for (const listener of listeners) listener();
}

function start(): void {
  started = true;
  for (const event of ['pointerdown', 'keydown', 'scroll']) {
    addEventListener(event, openGate, { capture: true, passive: true, once: true });
  }
  // Safari has no requestIdleCallback.
  const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback : setTimeout;
  const afterLoad = () => setTimeout(() => idle(openGate), QUIET_AFTER_LOAD_MS);
  if (document.readyState === 'complete') afterLoad();
  else addEventListener('load', afterLoad, { once: true });
}

function subscribe(listener: () => void): () => void {
  if (!started) start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether links may prefetch now: false on the server and while the page loads. */
export function usePrefetchOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
