import type { ClientEnvironment } from './api/environment';
import { sessionApi } from './api/session-api';
import { type LogoutOptions, logoutSequence, PROFILE_PICTURE_STORAGE_KEY } from './behaviour/logout';
import { sessionLoadingChanged } from './session-status';
import { type AppDispatch, resetAllApiState } from './store';

/**
 * Log out with the store's effects. `navigate` is the router's (a page passes `router.push`), so the move
 * stays a client-side navigation.
 */
export const logOut =
  (navigate: (path: string) => void, options: LogoutOptions = {}) =>
  (dispatch: AppDispatch, _getState: unknown, environment: ClientEnvironment) =>
    logoutSequence(
      {
        setSessionLoading: (loading) => dispatch(sessionLoadingChanged(loading)),
        callServer: () => dispatch(sessionApi.endpoints.logout.initiate()).unwrap(),
        navigate,
        clearCachedProfilePicture: () => {
          if (typeof localStorage !== 'undefined') localStorage.removeItem(PROFILE_PICTURE_STORAGE_KEY);
        },
        resetCachedData: () => {
          resetAllApiState(dispatch);
          environment.session.forgetGuest();
        },
      },
      options,
    );
