import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { contentApi } from './api/content-api';
import { browserEnvironment, type ClientEnvironment } from './api/environment';
import { graphsApi } from './api/graphs-api';
import { moderationApi } from './api/moderation-api';
import { moderationQueueApi } from './api/moderation-queue-api';
import { notificationsApi } from './api/notifications-api';
import { sessionApi } from './api/session-api';
import { socialApi } from './api/social-api';
import { usersMutations } from './api/users-mutations';
import { navigation } from './navigation-slice';
import { sessionStatus } from './session-status';

/** One API slice per service (docs/design.md §4.7); the users slice with its optimistic writes; a citizen's moderation
 * calls (reports) and a moderator's (the queue, decisions, the log); my notifications. */
export const apiSlices = [
  contentApi,
  socialApi,
  usersMutations,
  graphsApi,
  sessionApi,
  moderationApi,
  moderationQueueApi,
  notificationsApi,
] as const;

// The API slices are named once, above: the reducer and the middleware are read from that list.
const rootReducer = combineSlices(...apiSlices, sessionStatus, navigation);

/**
 * A store per browser tab (and per server render, so no data is shared between people). The environment is
 * the thunk extra argument, where the base query finds its session keeper and server address.
 */
export function makeStore(environment: ClientEnvironment = browserEnvironment()) {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: environment } }).concat(
        apiSlices.map((slice) => slice.middleware),
      ),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

/** Forgets every cached API answer (logout). */
export const resetAllApiState = (dispatch: AppDispatch): void => {
  for (const api of apiSlices) dispatch(api.util.resetApiState());
};
