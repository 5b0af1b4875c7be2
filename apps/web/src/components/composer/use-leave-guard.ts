'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';

const GUARD_STATE = { civitasLeaveGuard: true };
const onGuardEntry = (state: unknown) => (state as typeof GUARD_STATE | null)?.civitasLeaveGuard === true;

/** A plain click: not one that opens a new tab or window, or that another handler has already taken. */
const plainClick = (event: MouseEvent) =>
  !(event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);

/**
 * A button that takes the tab to another page through its own handler, not through a link (the header's
 * sign-out): marked `data-leaves-page` where it is drawn.
 */
const leavingButton = (event: MouseEvent) =>
  event.target instanceof Element && event.target.closest('button[data-leaves-page]:not(:disabled)') !== null;

/** Where a plain click would take this tab within this site: a same-origin link to another page. */
function inAppDestination(event: MouseEvent): string | null {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null; // a full navigation: `beforeunload` asks
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * While `active`, leaving the page asks `question` first, however the person leaves: closing or reloading the
 * tab (the browser's own prompt, `beforeunload`), a link of this site (the app's navigations do not unload the
 * page), or Back. For Back the page adds an entry of its own to the history, so that Back first lands on this
 * page again, where the question is asked: staying puts the entry back; leaving goes back once more. When the
 * guard ends on this page (the upload is through, failed or was cancelled), its entry is taken off again.
 * `onLeave` runs as soon as the person has chosen to leave, before the page goes: a sign-out, say, must not
 * take the session the page needs to discard what it leaves behind.
 */
export function useLeaveGuard(active: boolean, question: string, onLeave: () => void) {
  const router = useRouter();
  // The latest callback, without setting the guard (and its history entry) up again on every render.
  const leave = useRef(onLeave);
  leave.current = onLeave;
  useEffect(() => {
    if (!active) return;
    let leaving = false;
    window.history.pushState(GUARD_STATE, '');

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!leaving) event.preventDefault();
    };
    const chooseToLeave = () => {
      if (!window.confirm(question)) return false;
      leaving = true;
      leave.current();
      return true;
    };
    const onClick = (event: MouseEvent) => {
      if (leaving || !plainClick(event)) return;
      if (leavingButton(event)) {
        // The button's own handler runs only if the person chooses to leave.
        if (!chooseToLeave()) {
          event.preventDefault();
          event.stopPropagation();
        }
        return;
      }
      const destination = inAppDestination(event);
      if (!destination) return;
      // Captured before the app's own link handling, which never sees a click the person takes back.
      event.preventDefault();
      event.stopPropagation();
      if (!chooseToLeave()) return;
      // In place of this page's extra entry (a click always finds the page on it: a Back that stayed put it back),
      // so Back from there comes to this page once, as usual.
      router.replace(destination);
    };
    const onPopState = (event: PopStateEvent) => {
      if (leaving || onGuardEntry(event.state)) return; // Forward, onto the entry again
      if (chooseToLeave()) window.history.back();
      else window.history.pushState(GUARD_STATE, '');
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
      // Still on the extra entry, with nothing left to lose: it goes, so Back works as it did before. (Elsewhere
      // already, say after a navigation the guard does not ask about, the history is left as it is.)
      if (!leaving && onGuardEntry(window.history.state)) window.history.back();
    };
  }, [active, question, router]);
}
