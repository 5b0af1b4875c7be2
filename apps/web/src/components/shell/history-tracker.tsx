'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { recordLocation } from '@/client/navigation-buffer';

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
