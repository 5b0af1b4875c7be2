'use client';

import { lazy, Suspense } from 'react';
import type { CitizenCornerProps } from './citizen-corner-island';

/*
 * The header's citizen-only island (my picture, sign-out), split off with React's `lazy`: the layout lists every
 * client component it may render in every page's first load, and a guest renders none of this (ADR 023). One
 * chunk, not one per control, since every signed-in page needs all of it. The server renders it in full; in the
 * browser it hydrates once that chunk has arrived.
 */

const LazyCorner = lazy(() =>
  import('./citizen-corner-island').then((module) => ({ default: module.CitizenCornerIsland })),
);

export function CitizenCorner(props: CitizenCornerProps) {
  return (
    <Suspense fallback={null}>
      <LazyCorner {...props} />
    </Suspense>
  );
}
