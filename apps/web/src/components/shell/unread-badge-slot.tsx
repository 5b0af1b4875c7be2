'use client';

import { lazy, Suspense } from 'react';

/*
 * The notifications tab's live count, split off with React's `lazy` as the header's citizen corner is (ADR 023):
 * only signed-in pages render it, so a guest's first load carries none of it. The count comes from the live
 * stream in the browser (ADR 078): the server renders none.
 */
const LazyBadge = lazy(() =>
  import('../notifications/unread-badge').then((module) => ({ default: module.UnreadBadge })),
);

export function UnreadBadgeSlot() {
  return (
    <Suspense fallback={null}>
      <LazyBadge />
    </Suspense>
  );
}
