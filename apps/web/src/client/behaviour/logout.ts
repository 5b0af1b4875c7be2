/** Where the person lands after logging out unless a page asks for another place (docs/product.md §2, §9). */
export const DEFAULT_LOGOUT_DESTINATION = '/';

/** What logging out does to the world, passed in so the sequence itself is testable. */
export interface LogoutEffects {
  setSessionLoading(loading: boolean): void;
  /** Lets what the page sent as it was left (a discarded post) reach the server while the session is valid. */
  letWritesThrough(): Promise<unknown>;
  /**
   * Ends this browser's Web Push subscription (ADR 079), so the next person on this device is not shown the
   * signed-out citizen's notifications; a failure does not stop the logout.
   */
  endPushOnThisDevice(): Promise<unknown>;
  /** `POST /api/auth/logout`: revokes the sign-in and clears the session cookies; its answer is not read. */
  callServer(): Promise<unknown>;
  navigate(path: string): void;
  clearCachedProfilePicture(): void;
  /** Forgets every cached API answer, so nothing of this person is shown to the next one. */
  resetCachedData(): void;
}

export interface LogoutOptions {
  /** Where to go afterwards; `false` stays on the page. */
  readonly navigateTo?: string | false;
}

/**
 * docs/product.md §4: set the session-loading flag, let the writes in flight through, end this device's pushes, call the server, navigate (to "/" unless asked otherwise), clear the
 * cached profile picture, reset all cached API data, clear the flag. A failed server call does not keep the
 * person signed in on this page: the local steps run anyway, and the result says whether the server agreed.
 */
export async function logoutSequence(
  effects: LogoutEffects,
  options: LogoutOptions = {},
): Promise<{ serverConfirmed: boolean }> {
  const destination = options.navigateTo ?? DEFAULT_LOGOUT_DESTINATION;
  effects.setSessionLoading(true);
  try {
    let serverConfirmed = true;
    await effects.letWritesThrough();
    await effects.endPushOnThisDevice().catch(() => undefined);
    try {
      await effects.callServer();
    } catch {
      serverConfirmed = false;
    }
    if (destination !== false) effects.navigate(destination);
    effects.clearCachedProfilePicture();
    effects.resetCachedData();
    return { serverConfirmed };
  } finally {
    effects.setSessionLoading(false);
  }
}
