'use client';

import { type MouseEvent, type ReactNode, useId } from 'react';
import styles from './shell.module.css';

interface AccountMenuProps {
  /** The button's face: my picture. */
  picture: ReactNode;
  signedInAs: string;
  /** The links the server drew (account-menu-items.tsx). */
  items: ReactNode;
  /** The sign-out button (it runs the logout). */
  signOut: ReactNode;
}

/** A link followed inside the popup closes it: the header stays on the page when the app moves to another. */
function closeOnLink(event: MouseEvent<HTMLDivElement>) {
  if ((event.target as Element).closest('a')) event.currentTarget.hidePopover();
}

/**
 * The header's account menu (ADR 063): a disclosure, the button opening a popover (the platform's `popover`)
 * with my profile, editing it, the theme and sign-out as ordinary links and a button. The browser opens and
 * closes it, moves Tab from the button into it, closes it on Escape or a click outside, gives the focus back to
 * the button and tells assistive technology whether it is expanded; the script here only closes it when one of
 * its links is followed.
 */
export function AccountMenu({ picture, signedInAs, items, signOut }: AccountMenuProps) {
  const popupId = useId();
  return (
    <div className={styles.account}>
      <button type="button" className={styles.accountButton} aria-label={signedInAs} popoverTarget={popupId}>
        {picture}
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: it listens for its links' clicks, which the keyboard makes too */}
      <div id={popupId} popover="auto" className={styles.accountPopup} onClick={closeOnLink}>
        <p className={styles.accountName}>{signedInAs}</p>
        <nav aria-label={signedInAs} className={styles.accountMenu}>
          {items}
          {signOut}
        </nav>
      </div>
    </div>
  );
}
