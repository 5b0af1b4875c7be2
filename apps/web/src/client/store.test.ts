import { describe, expect, it } from 'vitest';
import { createClientEnvironment } from './api/environment';
import { entryOf } from './behaviour/navigation-history';
import { navigatedTo, selectCanGoBack, selectPreviousEntry, wentBack } from './navigation-slice';
import { selectSessionLoading } from './session-status';
import { apiSlices, makeStore } from './store';

const environment = () =>
  createClientEnvironment({ readCookies: () => '', redirect: () => undefined, currentPath: () => '/' });

describe('the store', () => {
  it("holds one slice per service (the moderators' own and my notifications' beside them), the session flag and the navigation history", () => {
    const state = makeStore(environment()).getState();
    expect(Object.keys(state).sort()).toEqual(
      [
        'contentApi',
        'graphsApi',
        'moderationApi',
        'moderationQueueApi',
        'navigation',
        'notificationsApi',
        'sessionApi',
        'sessionStatus',
        'socialApi',
        'usersApi',
      ].sort(),
    );
    expect(apiSlices.map((api) => api.reducerPath)).toEqual([
      'contentApi',
      'socialApi',
      'usersApi',
      'graphsApi',
      'sessionApi',
      'moderationApi',
      'moderationQueueApi',
      'notificationsApi',
    ]);
    expect(selectSessionLoading(state)).toBe(false);
  });

  it('keeps the navigation history for back buttons', () => {
    const store = makeStore(environment());
    store.dispatch(navigatedTo(entryOf('/')));
    expect(selectCanGoBack(store.getState())).toBe(false);
    store.dispatch(navigatedTo(entryOf('/@bob?tab=friends')));
    expect(selectCanGoBack(store.getState())).toBe(true);
    expect(selectPreviousEntry(store.getState())).toEqual(entryOf('/'));
    store.dispatch(wentBack());
    expect(selectCanGoBack(store.getState())).toBe(false);
  });
});
