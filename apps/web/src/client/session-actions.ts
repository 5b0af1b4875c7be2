import type { getSession, ResponseOf } from '@civitas/contract';
import type { SessionIds } from './analytics/queue';
import type { ClientEnvironment } from './api/environment';
import { sessionApi } from './api/session-api';
import { type LogoutOptions, logoutSequence } from './behaviour/logout';
import { cachePicture } from './behaviour/picture-cache';
import { writesSettled } from './behaviour/writes-in-flight';
import { unsubscribeThisDevice } from './push/this-device';
import { sessionLoadingChanged } from './session-status';
import { type AppDispatch, resetAllApiState } from './store';

/**
 * Log out with the store's effects. `navigate` is the router's (a page passes `router.push`), so the move
 * stays a client-side navigation.
 */
export const logOut =
  (navigate: (path: string) => void, options: LogoutOptions = {}) =>
  (dispatch: AppDispatch, _getState: unknown, environment: ClientEnvironment) => {
    environment.session.endCitizenSession();
    return logoutSequence(
      {
        setSessionLoading: (loading) => dispatch(sessionLoadingChanged(loading)),
        letWritesThrough: () => writesSettled(),
        endPushOnThisDevice: () => unsubscribeThisDevice(),
        callServer: () => dispatch(sessionApi.endpoints.logout.initiate()).unwrap(),
        navigate,
        clearCachedProfilePicture: () => {
          if (typeof localStorage !== 'undefined') cachePicture(null);
        },
        resetCachedData: () => {
          resetAllApiState(dispatch);
          environment.session.forgetGuest();
        },
      },
      options,
    );
  };

/** The ids of a session as `GET /api/auth/session` tells them (docs/product.md §3); none when it could not be read. */
export function sessionIdsOf(view: ResponseOf<typeof getSession> | undefined): SessionIds {
  if (view?.kind === 'citizen') return { userId: view.citizenId, guestId: null };
  if (view?.kind === 'guest') return { userId: null, guestId: view.guestId };
  return { userId: null, guestId: null };
}

/**
 * Makes sure the browser has a usable session (a guest one when nobody is signed in) before something that
 * is not an API call uses it, such as the analytics socket. `renew` is for after a refusal: the token the
 * session had was not accepted, so a new one is asked for. Once the session is ready, whose it is: the
 * tokens are httpOnly, so the server reads them (`GET /api/auth/session`) and the page learns only the ids.
 * Ids it could not learn are null: whoever uses the session still works, and the server knows who it is.
 * Null when the session is not ready.
 */
export const prepareSession =
  (renew: boolean) =>
  async (dispatch: AppDispatch, _getState: unknown, environment: ClientEnvironment): Promise<SessionIds | null> => {
    const outcome = renew
      ? await environment.session.recover('citizenOrGuest', environment.session.generation())
      : await environment.session.prepare('citizenOrGuest');
    if (outcome.kind !== 'ready') return null;
    // Asked afresh each time: the session may have changed since a cached answer (a sign-in elsewhere, a logout).
    const { data } = await dispatch(
      sessionApi.endpoints.getSession.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    return sessionIdsOf(data);
  };

/**
 * Renews a citizen's sign-in after a call outside the slices was refused (the live notification stream): true
 * when the session is usable again; false when it is gone (signed out, suspended), as the slices' calls find.
 */
export const renewCitizen =
  () =>
  async (_dispatch: AppDispatch, _getState: unknown, environment: ClientEnvironment): Promise<boolean> =>
    (await environment.session.recover('citizen', environment.session.generation())).kind === 'ready';
