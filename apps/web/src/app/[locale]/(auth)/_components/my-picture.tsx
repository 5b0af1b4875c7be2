'use client';

import { useEffect, useState } from 'react';
import { cachePicture, readCachedPicture } from '@/client/behaviour/picture-cache';
import { whenStoreMade } from '@/client/lazy-store';
import { Avatar } from '@/components/people/avatar';

/**
 * My profile picture in the header, the face of the account menu's button (its label says whose it is). The server reads it with the page (`served`;
 * undefined when that read failed, and then the browser's cached address stands in), and the browser keeps
 * the address cached (docs/product.md §3). The store's copy is followed once something else has made the store (a tap, a
 * store page such as /me where the picture changes): the header never loads it for its own sake (ADR 018).
 */
export function MyPicture({ served }: { served: string | null | undefined }) {
  const [uri, setUri] = useState<string | null>(served ?? null);
  useEffect(() => {
    if (served === undefined) setUri(readCachedPicture());
    else cachePicture(served);
    let stop: (() => void) | null = null;
    const cancel = whenStoreMade((store) => {
      stop = store.watchMyPicture((current) => {
        setUri(current);
        cachePicture(current);
      });
    });
    return () => {
      cancel();
      stop?.();
    };
  }, [served]);
  return <Avatar uri={uri} alt="" size={32} />;
}
