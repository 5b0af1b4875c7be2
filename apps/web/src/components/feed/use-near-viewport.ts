'use client';

import { type RefObject, useEffect } from 'react';

// docs/product.md §9: the next page is asked for when the end of the list comes within this distance of the viewport.
const PREFETCH_MARGIN = '200px';

/**
 * Calls `onNear` when `target` comes within PREFETCH_MARGIN of the viewport, while `enabled`: the infinite
 * scroll of every feed (docs/product.md §2), with the "More" button as the target a keyboard can still press.
 */
export function useNearViewport(target: RefObject<Element | null>, enabled: boolean, onNear: () => void): void {
  useEffect(() => {
    const element = target.current;
    if (!element || !enabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onNear();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, enabled, onNear]);
}
