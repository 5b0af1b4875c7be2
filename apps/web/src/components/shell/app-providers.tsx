'use client';

import NextTopLoader from 'nextjs-toploader';
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
 * What every page of the wrapper shares in the browser: the navigation history, the top progress bar and the
 * toasts, with docs/product.md §2's exact settings. Not the store: pages that read it while rendering provide it
 * themselves, and islands load it on demand (ADR 018).
 */
export function AppProviders({ children, closeLabel }: { children: ReactNode; closeLabel: string }) {
  return (
    <>
      {/* docs/product.md §2, §9: minimum 0.8 (NProgress `minimum`, which this component names `initialPosition`), speed 900 ms, no spinner; cleared on completion or a navigation error. */}
      <NextTopLoader
        initialPosition={0.8}
        speed={900}
        showSpinner={false}
        color="var(--color-accent)"
        // NProgress finds its bar by role="bar" (its barSelector), so the role stays; it is no ARIA role, and
        // aria-hidden keeps it from assistive technology (the bar is decoration).
        template='<div class="bar" role="bar" aria-hidden="true"><div class="peg"></div></div>'
      />
      <Suspense fallback={null}>
        <HistoryTracker />
      </Suspense>
      {children}
      <Toasts closeLabel={closeLabel} />
    </>
  );
}
