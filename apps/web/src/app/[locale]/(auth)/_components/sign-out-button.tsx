'use client';

import { LogOut } from 'lucide';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { loadStore } from '@/client/lazy-store';
import { Icon } from '@/components/icon';
import { notifyError } from '@/components/toast';
import { announceSignedOut } from './signed-out-elsewhere';

export interface SignOutButtonProps {
  label: string;
  busyLabel: string;
  failedLabel: string;
}

/**
 * docs/product.md §4 "Logout": with the session-loading flag up, the server revokes the sign-in and clears the cookies;
 * then the browser goes to "/", the cached profile picture and every cached API answer are forgotten, and
 * the server-rendered parts (this header) render again as a guest's, here and in the site's other tabs.
 */
export function SignOutButton({ label, busyLabel, failedLabel }: SignOutButtonProps) {
  const router = useRouter();
  // Up while the logout runs, as the store's session-loading flag is (docs/product.md §4).
  const [busy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    try {
      // The store (ADR 018) is loaded with the tap if this page did not need it before.
      const store = await loadStore();
      const { serverConfirmed } = await store.logOutOfTab((path) => router.push(path));
      // The session cookies are httpOnly: only the server can clear them, so a refused logout is said aloud.
      if (!serverConfirmed) notifyError(failedLabel);
      else announceSignedOut();
      router.refresh();
    } catch {
      notifyError(failedLabel);
    } finally {
      setBusy(false);
    }
  }

  return (
    // data-leaves-page: a page with something to lose (the composer mid-upload) asks before this button acts.
    // The account menu's last item (account-menu.tsx).
    <button type="button" onClick={signOut} disabled={busy} aria-busy={busy} data-leaves-page="">
      <Icon node={LogOut} size={20} />
      {busy ? busyLabel : label}
    </button>
  );
}
