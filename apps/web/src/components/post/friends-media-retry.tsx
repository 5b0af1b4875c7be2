'use client';

import { useEffect } from 'react';
import { citizenSessionFromCookies } from '@/client/api/session-cookies';
import { loadStore } from '@/client/lazy-store';
import { FRIENDS_MEDIA_ATTRIBUTE } from './friends-media';

const expiresAtNow = (): number | null => citizenSessionFromCookies(document.cookie)?.expiresAt ?? null;

/**
 * A friends-only post's files are answered only to a reader the server knows (ADR 075), and a picture is loaded
 * lazily, so one scrolled into view after the access token ran out (15 minutes without a call) comes back 404:
 * the browser sends the stale token and no request renews it. When such a picture fails, the session is
 * prepared as before any call (renewed only if the token is expiring) and, if it was renewed, the picture is
 * asked for once more. A picture the reader truly may not see fails again, and stays failed. Renders nothing.
 */
export function FriendsMediaRetry() {
  useEffect(() => {
    const onError = (event: Event) => {
      const picture = event.target;
      if (
        !(picture instanceof HTMLImageElement) ||
        picture.dataset.audience !== FRIENDS_MEDIA_ATTRIBUTE['data-audience']
      ) {
        return;
      }
      if (picture.dataset.retried) return;
      picture.dataset.retried = 'true';
      const before = expiresAtNow();
      void loadStore()
        .then((store) => store.prepareTabSession(false))
        .then(() => {
          if (expiresAtNow() === before) return;
          // Setting an address again, even unchanged, makes the browser choose and ask for the picture anew.
          const source = picture.parentElement?.querySelector('source');
          source?.setAttribute('srcset', source.getAttribute('srcset') ?? '');
          picture.setAttribute('src', picture.getAttribute('src') ?? '');
        });
    };
    // A picture's error does not bubble: listened for as it goes down to the picture.
    document.addEventListener('error', onError, true);
    return () => document.removeEventListener('error', onError, true);
  }, []);
  return null;
}
