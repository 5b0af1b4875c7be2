'use client';

import { useEffect } from 'react';
import { AccountMenu } from '@/components/shell/account-menu';
import type { Theme } from '@/theme/theme';
import { MyPicture } from './my-picture';
import { SignOutButton, type SignOutButtonProps } from './sign-out-button';
import { onSignedOutElsewhere } from './signed-out-elsewhere';

export interface CitizenCornerProps {
  /** My picture's address as the server read it; undefined when that read failed (the browser's cache stands in). */
  picture: string | null | undefined;
  signedInAs: string;
  theme: Theme;
  signOut: SignOutButtonProps;
}

/** The header's corner for a signed-in citizen: my picture, opening the account menu (with sign-out). */
export function CitizenCornerIsland({ picture, signedInAs, theme, signOut }: CitizenCornerProps) {
  // Every signed-in page has this corner, so every signed-in tab hears of a sign-out in another one.
  useEffect(() => onSignedOutElsewhere(() => window.location.reload()), []);
  return (
    <AccountMenu
      picture={<MyPicture served={picture} />}
      signedInAs={signedInAs}
      theme={theme}
      signOut={<SignOutButton {...signOut} />}
    />
  );
}
