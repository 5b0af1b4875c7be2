'use client';

import { useRouter } from 'next/navigation';
import { logOut, selectSessionLoading, useAppDispatch, useAppSelector } from '@/client';
import { notifyError } from '@/components/toast';
import styles from './auth.module.css';

interface SignOutButtonProps {
  label: string;
  busyLabel: string;
  failedLabel: string;
}

/**
 * Spec §4 "Logout": with the session-loading flag up, the server revokes the sign-in and clears the cookies;
 * then the browser goes to "/", the cached profile picture and every cached API answer are forgotten, and
 * the server-rendered parts (this header) render again as a guest's.
 */
export function SignOutButton({ label, busyLabel, failedLabel }: SignOutButtonProps) {
  const router = useRouter();
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectSessionLoading);

  async function signOut() {
    const { serverConfirmed } = await dispatch(logOut((path) => router.push(path)));
    // The session cookies are httpOnly: only the server can clear them, so a refused logout is said aloud.
    if (!serverConfirmed) notifyError(failedLabel);
    router.refresh();
  }

  return (
    <button type="button" className={styles.linkButton} onClick={signOut} disabled={busy} aria-busy={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
