'use client';

/** The toasts' module (toast-view.tsx): react-toastify and the container in the design's style. */
export type Toastify = typeof import('./toast-view');

/*
 * react-toastify is loaded with the first toast (or the first tap or key press, since every toast answers
 * one), not with the page: it is no part of the first paint. A failed load is forgotten, so the next toast
 * tries again.
 */
let loading: Promise<Toastify> | null = null;
let loaded: Toastify | null = null;
const whenLoaded = new Set<(toastify: Toastify) => void>();

export function loadToastify(): Promise<Toastify> {
  loading ??= import('./toast-view').then(
    (toastify) => {
      loaded = toastify;
      for (const listener of whenLoaded) listener(toastify);
      return toastify;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Calls `listener` when react-toastify has loaded (at once if it has); returns the unsubscribe. */
export function onToastifyLoaded(listener: (toastify: Toastify) => void): () => void {
  if (loaded) listener(loaded);
  whenLoaded.add(listener);
  return () => {
    whenLoaded.delete(listener);
  };
}

let latest = 0;

/**
 * One toast at a time: a new one replaces the one showing, so the person always reads the latest outcome
 * (react-toastify's `limit` would otherwise queue it behind the old one for up to 7 s). While the library is
 * still loading, only the newest request is shown. A toast sent before the container has mounted waits in
 * react-toastify's own queue until it does.
 */
function show(kind: 'success' | 'error', text: string): void {
  const request = ++latest;
  loadToastify().then(
    ({ toast }) => {
      if (request !== latest) return;
      toast.dismiss();
      toast[kind](text, { role: kind === 'error' ? 'alert' : 'status' });
    },
    // Offline before the library ever loaded: this toast is lost (the page still shows the outcome, e.g. a
    // like going back), and the next one tries to load it again.
    () => undefined,
  );
}

export const notifySuccess = (text: string): void => show('success', text);
export const notifyError = (text: string): void => show('error', text);
