'use client';

import { type ReactNode, useEffect } from 'react';
import { AccountMenu } from '@/components/shell/account-menu';
import { MyPicture } from './my-picture';
import { SignOutButton, type SignOutButtonProps } from './sign-out-button';
import { onSignedOutElsewhere } from './signed-out-elsewhere';

export interface CitizenCornerProps {
  /** My picture's address as the server read it; undefined when that read failed (the browser's cache stands in). */
  picture: string | null | undefined;
  signedInAs: string;
  /** The account menu's items but sign-out, drawn by the server (components/shell/account-menu-items.tsx). */
  menuItems: ReactNode;
  signOut: SignOutButtonProps;
}

/** The header's corner for a signed-in citizen: my picture, opening the account menu (with sign-out). */
export function CitizenCornerIsland({ picture, signedInAs, menuItems, signOut }: CitizenCornerProps) {
  // Every signed-in page has this corner, so every signed-in tab hears of a sign-out in another one.
  useEffect(() => onSignedOutElsewhere(() => window.location.reload()), []);
  return (
    <AccountMenu
      picture={<MyPicture served={picture} />}
      signedInAs={signedInAs}
      items={menuItems}
      signOut={<SignOutButton {...signOut} />}
    />
  );
}
