import { useSyncExternalStore } from 'react';

/**
 * When links may start prefetching (spec §2: links are prefetched with a 200 px margin). Not while the page
 * loads: each prefetch is a server render whose answer the browser parses, and the router loads the code of
 * the pages it names (a citizen's /me or /new brings the store), all on the main thread that is busy painting
 * and hydrating the page. The gate opens on the person's first scroll, touch or key, or once the page has been
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

const firstInputs = ['pointerdown', 'touchstart', 'keydown', 'scroll', 'wheel'] as const;

function start(): void {
  if (started) return;
  started = true;
  const onInput = () => {
    for (const event of firstInputs) window.removeEventListener(event, onInput, true);
    openGate();
  };
  for (const event of firstInputs) window.addEventListener(event, onInput, { capture: true, passive: true });
  const whenIdle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(openGate, { timeout: 2000 }) : openGate();
  const afterLoad = () => setTimeout(whenIdle, QUIET_AFTER_LOAD_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

function subscribe(listener: () => void): () => void {
  start();
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
