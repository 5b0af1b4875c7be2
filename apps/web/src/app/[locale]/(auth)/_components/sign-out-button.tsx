'use client';

import { useState } from 'react';
import styles from './auth.module.css';

interface SignOutButtonProps {
  label: string;
  busyLabel: string;
  failedLabel: string;
}

/**
 * Spec §4 "Logout": the server revokes the sign-in and clears the cookies, then the browser goes to "/". A full
 * navigation, so every cached piece of data of the signed-in person goes with the page.
 */
export function SignOutButton({ label, busyLabel, failedLabel }: SignOutButtonProps) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function signOut() {
    setBusy(true);
    setFailed(false);
    try {
      const response = await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' });
      if (!response.ok) throw new Error(`logout answered ${response.status}`);
      window.location.assign('/');
    } catch {
      setBusy(false);
      setFailed(true);
    }
  }

  return (
    <>
      <button type="button" className={styles.linkButton} onClick={signOut} disabled={busy} aria-busy={busy}>
        {busy ? busyLabel : label}
      </button>
      {failed ? (
        <span role="alert" className={styles.fieldError}>
          {failedLabel}
        </span>
      ) : null}
    </>
  );
}
