'use client';

import NextLink from 'next/link';
import type { ComponentProps } from 'react';
import { usePrefetchOpen } from '@/client/prefetch-gate';

/**
 * Next's `Link`, whose prefetching (on entering the viewport with Next's 200 px margin, or on hover) waits until
 * the page has loaded and gone quiet, or the person first scrolls, touches or types (client/prefetch-gate.ts).
 * A link asked not to prefetch never does. Use this instead of `next/link` everywhere.
 */
export function Link({ prefetch, ...props }: ComponentProps<typeof NextLink>) {
  const open = usePrefetchOpen();
  return <NextLink {...props} prefetch={open ? prefetch : false} />;
}
