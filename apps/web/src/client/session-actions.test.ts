import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersApi } from './api/users-api';
import { logOut } from './session-actions';
import { selectSessionLoading } from './session-status';
import { startRoutedServer } from './testing/routed-server';
import { gate } from './testing/test-server';

let routed: Awaited<ReturnType<typeof startRoutedServer>>;
beforeAll(async () => {
  routed = await startRoutedServer();
});
afterAll(() => routed.server.close());

const me = {
  id: '0190a5b0-7d4e-7c3a-9f1e-000000000aaa',
  username: 'alice',
  displayName: 'Alice',
  profilePictureUri: null,
  country: 'GB',
  email: null,
  coverPictureUri: null,
  bio: '',
  language: 'en',
  createdAt: '2025-01-01T00:00:00.000Z',
  followersCount: 0,
  followingCount: 0,
  friendsCount: 0,
  postsCount: 0,
};

describe('logOut with a real store', () => {
  it('raises the flag while the server call runs, navigates, and forgets every cached answer', async () => {
    const held = gate();
    const arrived = gate();
    routed.setRoutes({
      'GET /api/users/influencers/me': () => ({ status: 200, json: me }),
      'POST /api/auth/logout': async () => {
        arrived.open();
        await held.promise;
        return { status: 204 };
      },
    });
    const store = routed.citizenStore();
    await store.dispatch(usersApi.endpoints.getMe.initiate());
    expect(usersApi.endpoints.getMe.select()(store.getState()).data).toEqual(me);

    const visited: string[] = [];
    const done = store.dispatch(logOut((path) => visited.push(path)));
    await arrived.promise;
    expect(selectSessionLoading(store.getState())).toBe(true);
    held.open();
    await expect(done).resolves.toEqual({ serverConfirmed: true });

    expect(visited).toEqual(['/']);
    expect(selectSessionLoading(store.getState())).toBe(false);
    expect(usersApi.endpoints.getMe.select()(store.getState()).data).toBeUndefined();
    expect(routed.server.seen.filter((request) => request.path === '/api/auth/logout')).toHaveLength(1);
  });
});
