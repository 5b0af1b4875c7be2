'use client';

import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styles from './shell.module.css';

interface AccountMenuProps {
  /** The button's face: my picture. */
  picture: ReactNode;
  signedInAs: string;
  /** The items the server drew (account-menu-items.tsx). */
  items: ReactNode;
  /** The sign-out item, a `menuitem` of its own (it runs the logout). */
  signOut: ReactNode;
}

const menuItemsOf = (menu: HTMLElement | null): HTMLElement[] =>
  menu ? [...menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')] : [];

/**
 * The header's account menu (ADR 063): a menu button (WAI-ARIA's menu-button pattern) opening the items
 * the server drew (my profile, editing it, the theme) and sign-out. Arrow keys, Home and End move between the
 * items; Escape closes it and gives the focus back to the button; Tab, a click outside or choosing an item close it.
 */
export function AccountMenu({ picture, signedInAs, items, signOut }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menuItemsOf(menu.current)[0]?.focus();
    const closeOutside = (event: PointerEvent) => {
      const corner = button.current?.parentElement;
      if (corner && !corner.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent) => {
    const all = menuItemsOf(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key in move) {
      event.preventDefault();
      all[move[event.key] as number]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className={styles.account}>
      <button
        ref={button}
        type="button"
        className={styles.accountButton}
        aria-label={signedInAs}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {picture}
      </button>
      <div className={styles.accountPopup} hidden={!open}>
        <p className={styles.accountName}>{signedInAs}</p>
        {/* The items are links and buttons (keyboard-operable themselves); a click on one closes the menu. */}
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={signedInAs}
          className={styles.accountMenu}
          onKeyDown={onMenuKey}
          onClick={() => setOpen(false)}
        >
          {items}
          {signOut}
        </div>
      </div>
    </div>
  );
}
