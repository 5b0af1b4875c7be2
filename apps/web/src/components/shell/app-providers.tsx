'use client';

import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { loadToastify, onToastifyLoaded, type Toastify } from '../toast';
import { HistoryTracker } from './history-tracker';

/**
 * The toast container, mounted once react-toastify has loaded: with the first toast, or warmed on the first
 * tap or key press (every toast answers one), so it is no part of the page's first load.
 */
function Toasts({ closeLabel }: { closeLabel: string }) {
  const [toastify, setToastify] = useState<Toastify | null>(null);
  useEffect(() => onToastifyLoaded(setToastify), []);
  useEffect(() => {
    const events = ['pointerdown', 'keydown'] as const;
    const warm = () => {
      for (const event of events) window.removeEventListener(event, warm, true);
      loadToastify().catch(() => undefined);
    };
    for (const event of events) window.addEventListener(event, warm, true);
    return warm;
  }, []);
  if (!toastify) return null;
  const { ToastView } = toastify;
  return <ToastView closeLabel={closeLabel} />;
}

/**
 * What every page of the wrapper shares in the browser: the navigation history and the toasts, with
 * docs/product.md §2's exact settings (the top progress bar is the layout's, run by the links: ADR 068). Not the store: pages that read it while rendering provide it
 * themselves, and islands load it on demand (ADR 018).
 */
export function AppProviders({ children, closeLabel }: { children: ReactNode; closeLabel: string }) {
  return (
    <>
      <Suspense fallback={null}>
        <HistoryTracker />
      </Suspense>
      {children}
      <Toasts closeLabel={closeLabel} />
    </>
  );
}
