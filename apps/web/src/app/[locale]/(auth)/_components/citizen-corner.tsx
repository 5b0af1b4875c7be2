'use client';

import { type ComponentProps, lazy, Suspense } from 'react';

/*
 * The header's citizen-only islands (my picture, sign-out), split off with React's `lazy`: the layout lists every
 * client component it may render in every page's first load, and a guest renders neither (ADR 023). The server
 * renders them in full; in the browser each hydrates once its small chunk has arrived.
 */

const LazyPicture = lazy(() => import('./my-picture').then((module) => ({ default: module.MyPicture })));
const LazySignOut = lazy(() => import('./sign-out-button').then((module) => ({ default: module.SignOutButton })));

export function MyPicture(props: ComponentProps<typeof LazyPicture>) {
  return (
    <Suspense fallback={null}>
      <LazyPicture {...props} />
    </Suspense>
  );
}

export function SignOutButton(props: ComponentProps<typeof LazySignOut>) {
  return (
    <Suspense fallback={null}>
      <LazySignOut {...props} />
    </Suspense>
  );
}
