'use client';

import { useEffect } from 'react';
import { MyPicture } from './my-picture';
import { SignOutButton, type SignOutButtonProps } from './sign-out-button';
import { onSignedOutElsewhere } from './signed-out-elsewhere';

export interface CitizenCornerProps {
  /** My picture's address as the server read it; undefined when that read failed (the browser's cache stands in). */
  picture: string | null | undefined;
  pictureLabel: string;
  signedInAs: string;
  signOut: SignOutButtonProps;
}

/** The header's corner for a signed-in citizen: my picture, who I am, and sign-out. */
export function CitizenCornerIsland({ picture, pictureLabel, signedInAs, signOut }: CitizenCornerProps) {
  // Every signed-in page has this corner, so every signed-in tab hears of a sign-out in another one.
  useEffect(() => onSignedOutElsewhere(() => window.location.reload()), []);
  return (
    <>
      <MyPicture label={pictureLabel} served={picture} />
      <span>{signedInAs}</span>
      <SignOutButton {...signOut} />
    </>
  );
}
