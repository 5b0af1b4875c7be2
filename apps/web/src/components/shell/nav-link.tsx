'use client';

import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { Link } from '@/components/link';

/**
 * A link of the app's navigation, marked as the current page while it is one. The only part of the navigation
 * that runs in the browser: the layout stays mounted across client navigations, so the server cannot mark it.
 */
export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const current = usePathname() === href ? 'page' : undefined;
  return (
    <Link href={href} aria-current={current}>
      {children}
    </Link>
  );
}
