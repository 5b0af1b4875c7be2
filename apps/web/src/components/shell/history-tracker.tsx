'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { recordLocation } from '@/client/navigation-buffer';

/** Where the tab is, as this component records it. */
const locationNow = () => ({
  path: window.location.pathname,
  query: new URLSearchParams(window.location.search).toString(),
  hash: window.location.hash.replace(/^#/, ''),
});

// The page the tab opened on is recorded as soon as this module runs in the browser, before hydration: this
// component hydrates in a Suspense boundary of its own, and a tap on a link elsewhere is hydrated first and can
// leave before it, which left that page out of the history (Back then went to the stage instead).
if (typeof window !== 'undefined') recordLocation(locationNow());

/**
 * Keeps the navigation history stack of docs/product.md §2 ({path, query, hash}) in the store: each new location is
 * pushed once; back buttons read the previous entry from it. Until a page or a tap loads the store, the
 * locations wait in a Redux-free buffer (ADR 018).
 */
export function HistoryTracker() {
  const pathname = usePathname();
  const search = useSearchParams();
  const query = search.toString();
  useEffect(() => {
    recordLocation({ path: pathname, query, hash: window.location.hash.replace(/^#/, '') });
  }, [pathname, query]);
  return null;
}
