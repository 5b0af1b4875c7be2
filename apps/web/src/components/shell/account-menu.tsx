'use client';

import { Check, CircleUserRound, UserPen } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from '@/components/link';
import { type Theme, themeParam, themes } from '@/theme/theme';
import styles from './shell.module.css';

interface AccountMenuProps {
  /** The button's face: my picture. */
  picture: ReactNode;
  signedInAs: string;
  theme: Theme;
  /** The sign-out item, a `menuitem` of its own (it runs the logout). */
  signOut: ReactNode;
}

const items = (menu: HTMLElement | null): HTMLElement[] =>
  menu ? [...menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')] : [];

/**
 * The header's account menu (ADR 063): a menu button (WAI-ARIA's menu-button pattern) opening my profile, editing
 * it, the theme and sign-out. Arrow keys, Home and End move between the items; Escape closes it and gives the
 * focus back to the button; Tab, a click outside or choosing an item close it.
 */
export function AccountMenu({ picture, signedInAs, theme, signOut }: AccountMenuProps) {
  const t = useTranslations('Shell');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const ids = { menu: useId(), theme: useId() };

  useEffect(() => {
    if (!open) return;
    items(menu.current)[0]?.focus();
    const closeOutside = (event: PointerEvent) => {
      const corner = button.current?.parentElement;
      if (corner && !corner.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent) => {
    const all = items(menu.current);
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
        aria-controls={ids.menu}
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
          id={ids.menu}
          role="menu"
          aria-label={signedInAs}
          className={styles.accountMenu}
          onKeyDown={onMenuKey}
          onClick={() => setOpen(false)}
        >
          <Link role="menuitem" href="/me" tabIndex={-1}>
            <CircleUserRound aria-hidden="true" size={20} />
            {t('nav.myProfile')}
          </Link>
          <Link role="menuitem" href="/me?edit=profile" tabIndex={-1}>
            <UserPen aria-hidden="true" size={20} />
            {t('account.editProfile')}
          </Link>
          {/* biome-ignore lint/a11y/useSemanticElements: a group of a menu's radio items (WAI-ARIA), not a form's fieldset */}
          <div role="group" aria-labelledby={ids.theme} className={styles.accountGroup}>
            <span id={ids.theme} className={styles.accountGroupLabel}>
              {t('theme.label')}
            </span>
            {themes.map((choice) => (
              // A whole page load: the server renders the chosen theme (ADR 063).
              <a
                key={choice}
                role="menuitemradio"
                aria-checked={choice === theme}
                href={`?${themeParam}=${choice}`}
                tabIndex={-1}
              >
                <Check aria-hidden="true" size={20} className={styles.check} />
                {t(`theme.${choice}`)}
              </a>
            ))}
          </div>
          {signOut}
        </div>
      </div>
    </div>
  );
}
