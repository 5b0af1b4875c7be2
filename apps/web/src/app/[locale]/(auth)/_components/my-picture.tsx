'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { PROFILE_PICTURE_STORAGE_KEY } from '@/client/behaviour/logout';
import { loadStore } from '@/client/lazy-store';
import { Avatar } from '@/components/people/avatar';

/**
 * My profile picture in the header, linking to my profile. The picture's address is cached in the browser
 * (spec §3) so it shows at once on the next page load; logout clears it.
 */
export function MyPicture({ label }: { label: string }) {
  const [uri, setUri] = useState<string | null>(null);
  useEffect(() => {
    setUri(localStorage.getItem(PROFILE_PICTURE_STORAGE_KEY));
    let stop: (() => void) | null = null;
    let cancelled = false;
    // The store is loaded once the page is idle (ADR 018): the cached picture shows meanwhile.
    const start = () =>
      loadStore().then(
        (store) => {
          if (cancelled) return;
          stop = store.watchMyPicture((current) => {
            setUri(current);
            if (current) localStorage.setItem(PROFILE_PICTURE_STORAGE_KEY, current);
            else localStorage.removeItem(PROFILE_PICTURE_STORAGE_KEY);
          });
        },
        () => undefined,
      );
    const idle = whenIdle(start);
    return () => {
      cancelled = true;
      idle();
      stop?.();
    };
  }, []);
  return (
    <Link href="/me" aria-label={label}>
      <Avatar uri={uri} alt="" size={32} />
    </Link>
  );
}

/** Runs `task` when the browser is idle (or soon, where it cannot tell); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 1);
  return () => clearTimeout(handle);
}
