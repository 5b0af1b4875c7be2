import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentApi } from './api/content-api';
import { usersApi } from './api/users-api';
import { logOut, prepareSession } from './session-actions';
import { selectSessionLoading } from './session-status';
import { serverFailure, startRoutedServer } from './testing/routed-server';
import { gate } from './testing/test-server';
import { testStore } from './testing/test-store';

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

describe('a call out while logging out', () => {
  it('answered 401 before the logout is, neither refreshes nor sends the browser to sign in', async () => {
    const meHeld = gate();
    const logoutArrived = gate();
    const logoutHeld = gate();
    routed.setRoutes({
      // The server revoked the sign-in: the call that was out is refused, and so would a refresh be.
      'GET /api/users/influencers/me': async () => {
        await meHeld.promise;
        return { status: 401, json: { statusCode: 401, error: 'Unauthorized', message: 'revoked' } };
      },
      'POST /api/auth/refresh': () => ({
        status: 401,
        json: { statusCode: 401, error: 'Unauthorized', message: 'sign in', redirectUrl: '/api/auth/login' },
      }),
      'POST /api/auth/logout': async () => {
        logoutArrived.open();
        await logoutHeld.promise;
        return { status: 204 };
      },
    });
    const { store, world } = testStore(routed.server.url, {
      cookies: `civitas_username=alice; civitas_session_expires=${Date.now() + 3_600_000}`,
    });
    routed.server.seen.length = 0;
    const call = store.dispatch(usersApi.endpoints.getMe.initiate());
    const loggingOut = store.dispatch(logOut(() => undefined));
    await logoutArrived.promise;
    // The refusal arrives while the logout's answer (which clears the cookies) has not.
    meHeld.open();
    const result = await call;
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR' });
    logoutHeld.open();
    await loggingOut;
    expect(world.redirects).toEqual([]);
    expect(routed.server.paths()).toEqual(['GET /api/users/influencers/me', 'POST /api/auth/logout']);
  });
});

describe('after logout', () => {
  it('a guest read first gets a new guest token (the server cleared the old one)', async () => {
    routed.setRoutes({
      'POST /api/auth/refresh-guest': () => ({
        status: 200,
        json: { guestId: '0190a5b0-7d4e-7c3a-9f1e-000000000bbb', expiresAt: Date.now() + 86_400_000 },
      }),
      'GET /api/content/v9/feed/eight-stage': () => ({ status: 200, json: { data: [], continuationToken: null } }),
      'POST /api/auth/logout': () => ({ status: 204 }),
    });
    const { store, world } = testStore(routed.server.url);
    const readFeed = () => store.dispatch(contentApi.endpoints.getStageFeed.initiate({ query: { country: 'GB' } }));
    await readFeed();
    await store.dispatch(logOut(() => undefined));
    world.cookies = '';
    routed.server.seen.length = 0;
    await readFeed();
    expect(routed.server.paths()).toEqual(['POST /api/auth/refresh-guest', 'GET /api/content/v9/feed/eight-stage']);
  });
});

describe('prepareSession (the analytics socket’s session)', () => {
  const guestId = '0190a5b0-7d4e-7c3a-9f1e-000000000ccc';

  it('gets a guest a session, then tells whose it is: ids only, read by the server from its cookies', async () => {
    routed.setRoutes({
      'POST /api/auth/refresh-guest': () => ({ status: 200, json: { guestId, expiresAt: Date.now() + 86_400_000 } }),
      'GET /api/auth/session': () => ({ status: 200, json: { kind: 'guest', guestId, expiresAt: Date.now() + 1 } }),
    });
    const { store } = testStore(routed.server.url);
    routed.server.seen.length = 0;
    expect(await store.dispatch(prepareSession(false))).toEqual({ userId: null, guestId });
    expect(routed.server.paths()).toEqual(['POST /api/auth/refresh-guest', 'GET /api/auth/session']);
  });

  it('tells a signed-in citizen’s id, asking afresh each time', async () => {
    routed.setRoutes({
      'GET /api/auth/session': () => ({
        status: 200,
        json: { kind: 'citizen', citizenId: me.id, username: 'alice', expiresAt: Date.now() + 3_600_000 },
      }),
    });
    const store = routed.citizenStore();
    routed.server.seen.length = 0;
    expect(await store.dispatch(prepareSession(false))).toEqual({ userId: me.id, guestId: null });
    expect(await store.dispatch(prepareSession(false))).toEqual({ userId: me.id, guestId: null });
    expect(routed.server.paths()).toEqual(['GET /api/auth/session', 'GET /api/auth/session']);
  });

  it('is ready with unknown ids when the server cannot say, and not ready when the session is not', async () => {
    routed.setRoutes({ 'GET /api/auth/session': () => serverFailure });
    expect(await routed.citizenStore().dispatch(prepareSession(false))).toEqual({ userId: null, guestId: null });
    routed.setRoutes({ 'POST /api/auth/refresh-guest': () => serverFailure });
    expect(await testStore(routed.server.url).store.dispatch(prepareSession(false))).toBeNull();
  });
});
