'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

/** Sent on `window` after a client-side navigation to another page; the analytics service counts it. */
export const PAGE_VIEWED_EVENT = 'civitas:page-viewed';

/**
 * Announces navigations to other pages. The page the visitor arrived on is not announced: a service counts
 * it when it starts. Costs nothing to someone who never consents: nobody listens.
 */
export function usePageViews(): void {
  const pathname = usePathname();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.dispatchEvent(new Event(PAGE_VIEWED_EVENT));
  }, [pathname]);
}
