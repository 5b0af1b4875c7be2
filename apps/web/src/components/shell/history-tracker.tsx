'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { navigatedTo, useAppDispatch } from '@/client';

/**
 * Keeps the navigation history stack of spec §2 ({path, query, hash}) in the store: each new location is
 * pushed once; back buttons read the previous entry from it.
 */
export function HistoryTracker() {
  const dispatch = useAppDispatch();
  const pathname = usePathname();
  const search = useSearchParams();
  const query = search.toString();
  useEffect(() => {
    dispatch(navigatedTo({ path: pathname, query, hash: window.location.hash.replace(/^#/, '') }));
  }, [dispatch, pathname, query]);
  return null;
}
