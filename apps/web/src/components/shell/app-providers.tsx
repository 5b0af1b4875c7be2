'use client';

import NextTopLoader from 'nextjs-toploader';
import { type ReactNode, Suspense } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { StoreProvider } from '@/client';
import { toastSettings } from '../toast';
import { HistoryTracker } from './history-tracker';

/**
 * What every page of the wrapper shares in the browser: the store, the navigation history, the top progress
 * bar and the toasts, with spec §2's exact settings.
 */
export function AppProviders({ children, closeLabel }: { children: ReactNode; closeLabel: string }) {
  return (
    <StoreProvider>
      {/* Spec §2, §9: minimum 0.8 (NProgress `minimum`, which this component names `initialPosition`), speed 900 ms, no spinner; cleared on completion or a navigation error. */}
      <NextTopLoader
        initialPosition={0.8}
        speed={900}
        showSpinner={false}
        color="#0b5cad"
        // NProgress finds its bar by role="bar" (its barSelector), so the role stays; it is no ARIA role, and
        // aria-hidden keeps it from assistive technology (the bar is decoration).
        template='<div class="bar" role="bar" aria-hidden="true"><div class="peg"></div></div>'
      />
      <Suspense fallback={null}>
        <HistoryTracker />
      </Suspense>
      {children}
      <ToastContainer
        {...toastSettings}
        closeButton={({ closeToast }) => (
          <button type="button" className="toast-close" aria-label={closeLabel} onClick={closeToast}>
            ×
          </button>
        )}
      />
    </StoreProvider>
  );
}
