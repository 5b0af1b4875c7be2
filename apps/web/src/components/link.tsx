'use client';

import NextLink, { useLinkStatus } from 'next/link';
import { type ComponentProps, useEffect } from 'react';
import { usePrefetchOpen } from '@/client/prefetch-gate';

/**
 * Next's `Link`, whose prefetching (on entering the viewport with Next's 200 px margin, or on hover) waits until
 * the page has loaded and gone quiet, or the person first scrolls, touches or types (client/prefetch-gate.ts).
 * A link asked not to prefetch never does. While the navigation it started is pending, the top progress bar
 * runs (ADR 068). Use this instead of `next/link` everywhere.
 */
export function Link({ prefetch, children, ...props }: ComponentProps<typeof NextLink>) {
  const open = usePrefetchOpen();
  return (
    <NextLink {...props} prefetch={open ? prefetch : false}>
      {children}
      <NavigationPending />
    </NextLink>
  );
}

/**
 * While the navigation its link started is pending (Next's own `useLinkStatus`: from the click until the new
 * page shows, or the navigation fails), `<html>` carries `data-navigating`, by which the layout's one progress
 * bar runs (globals.css `.navigation-progress`). Draws nothing.
 */
function NavigationPending() {
  const { pending } = useLinkStatus();
  useEffect(() => {
    if (!pending) return;
    const root = document.documentElement;
    root.setAttribute('data-navigating', '');
    return () => root.removeAttribute('data-navigating');
  }, [pending]);
  return null;
}
