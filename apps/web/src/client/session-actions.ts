import type { ClientEnvironment } from './api/environment';
import { sessionApi } from './api/session-api';
import { type LogoutOptions, logoutSequence } from './behaviour/logout';
import { cachePicture } from './behaviour/picture-cache';
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

/**
 * Makes sure the browser has a usable session (a guest one when nobody is signed in) before something that
 * is not an API call uses it, such as the analytics socket. `renew` is for after a refusal: the token the
 * session had was not accepted, so a new one is asked for. True once the session is ready.
 */
export const prepareSession =
  (renew: boolean) =>
  async (_dispatch: AppDispatch, _getState: unknown, environment: ClientEnvironment): Promise<boolean> => {
    const outcome = renew
      ? await environment.session.recover('citizenOrGuest', environment.session.generation())
      : await environment.session.prepare('citizenOrGuest');
    return outcome.kind === 'ready';
  };
