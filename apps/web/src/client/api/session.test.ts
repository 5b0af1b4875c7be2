import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { post, uuid } from '../testing/fixtures';
import { type Answer, type SeenRequest, startTestServer, type TestServer } from '../testing/test-server';
import { testStore } from '../testing/test-store';
import { contentApi } from './content-api';
import { errorMessageKey, UNAUTHORIZED } from './errors';
import { usersApi } from './users-api';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.seen.length = 0;
});

const me = {
  id: uuid(),
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
const feed = { data: [post()], continuationToken: null };
const sessionCookies = (expiresAt: number) => `civitas_username=alice; civitas_session_expires=${expiresAt}`;

/** Answers the session routes and the two reads used here; `refresh` decides how a refresh goes. */
const api =
  (refresh: (request: SeenRequest) => Answer | Promise<Answer>, onMe?: (request: SeenRequest) => Answer | undefined) =>
  (request: SeenRequest): Answer | Promise<Answer> => {
    if (request.path === '/api/auth/refresh') return refresh(request);
    if (request.path === '/api/auth/refresh-guest')
      return { status: 200, json: { guestId: uuid(), expiresAt: Date.now() + 86_400_000 } };
    if (request.path === '/api/users/influencers/me') return onMe?.(request) ?? { status: 200, json: me };
    if (request.path === '/api/content/v9/feed/eight-stage') return { status: 200, json: feed };
    return { status: 404, json: { statusCode: 404, error: 'Not Found', message: 'no route' } };
  };
const refreshed = (): Answer => ({ status: 200, json: { expiresAt: Date.now() + 900_000 } });

describe('citizen session refresh (docs/product.md §4, §9)', () => {
  it('refreshes first when the token expires within 180 s', async () => {
    server.setHandler(api(refreshed));
    const { store } = testStore(server.url, { cookies: sessionCookies(Date.now() + 170_000) });
    const result = await store.dispatch(usersApi.endpoints.getMe.initiate());
    expect(result.data).toEqual(me);
    expect(server.paths()).toEqual(['POST /api/auth/refresh', 'GET /api/users/influencers/me']);
  });

  it('does not refresh a token with more than 180 s left', async () => {
    server.setHandler(api(refreshed));
    const { store } = testStore(server.url, { cookies: sessionCookies(Date.now() + 200_000) });
    await store.dispatch(usersApi.endpoints.getMe.initiate());
    expect(server.paths()).toEqual(['GET /api/users/influencers/me']);
  });

  it('shares one refresh among concurrent calls and says where to come back to', async () => {
    server.setHandler(
      api(async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return refreshed();
      }),
    );
    const { store } = testStore(server.url, { cookies: sessionCookies(Date.now() - 1) });
    await Promise.all([
      store.dispatch(usersApi.endpoints.getMe.initiate()),
      store.dispatch(contentApi.endpoints.getStageFeed.initiate({ query: { country: 'GB' } })),
      store.dispatch(contentApi.endpoints.getMyPublicFeed.initiate({ query: {} })),
    ]);
    const refreshes = server.seen.filter((request) => request.path === '/api/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ next: '/somewhere?x=1' });
    expect(server.seen[0]?.path).toBe('/api/auth/refresh');
  });

  it('after a 401 it refreshes once and sends the call again', async () => {
    let meCalls = 0;
    server.setHandler(
      api(refreshed, () =>
        ++meCalls === 1
          ? { status: 401, json: { statusCode: 401, error: 'Unauthorized', message: 'expired' } }
          : undefined,
      ),
    );
    const { store } = testStore(server.url, { cookies: sessionCookies(Date.now() + 600_000) });
    const result = await store.dispatch(usersApi.endpoints.getMe.initiate());
    expect(result.data).toEqual(me);
    expect(server.paths()).toEqual([
      'GET /api/users/influencers/me',
      'POST /api/auth/refresh',
      'GET /api/users/influencers/me',
    ]);
  });

  it('a second 401 after the refresh is final (no loop)', async () => {
    server.setHandler(
      api(refreshed, () => ({ status: 401, json: { statusCode: 401, error: 'Unauthorized', message: 'no' } })),
    );
    const { store } = testStore(server.url, { cookies: sessionCookies(Date.now() + 600_000) });
    const result = await store.dispatch(usersApi.endpoints.getMe.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(server.seen).toHaveLength(3);
  });

  it('a failed refresh with a redirect address sends the browser there; the error is Unauthorized', async () => {
    const redirectUrl = '/api/auth/login?next=%2Fsomewhere';
    server.setHandler(
      api(() => ({
        status: 401,
        json: { statusCode: 401, error: 'Unauthorized', message: 'sign in', code: 'SESSION_EXPIRED', redirectUrl },
      })),
    );
    const { store, world } = testStore(server.url, { cookies: sessionCookies(Date.now() - 1) });
    const result = await store.dispatch(usersApi.endpoints.getMe.initiate());
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR', error: UNAUTHORIZED });
    expect(errorMessageKey(result.error)).toBe('Errors.unauthorized');
    expect(world.redirects).toEqual([redirectUrl]);
    expect(server.paths()).toEqual(['POST /api/auth/refresh']);
  });
});

describe('logging out while a call is out', () => {
  it('a citizen-only call answered 401 after the session cookies went is neither retried nor sent to sign in', async () => {
    const signInAgain = { statusCode: 401, error: 'Unauthorized', message: 'sign in', redirectUrl: '/api/auth/login' };
    const { store, world } = testStore(server.url, { cookies: sessionCookies(Date.now() + 600_000) });
    server.setHandler(
      api(
        () => ({ status: 401, json: signInAgain }),
        () => {
          // The logout's answer cleared the cookies before this call's 401 arrived.
          world.cookies = '';
          return { status: 401, json: { statusCode: 401, error: 'Unauthorized', message: 'revoked' } };
        },
      ),
    );
    const result = await store.dispatch(usersApi.endpoints.getMe.initiate());
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR', error: UNAUTHORIZED });
    expect(world.redirects).toEqual([]);
    expect(server.paths()).toEqual(['GET /api/users/influencers/me']);
  });
});

describe('guests', () => {
  it('never send a citizen-only call, nor get sent to sign in (a page still on screen after logout)', async () => {
    server.setHandler(api(refreshed));
    const { store, world } = testStore(server.url);
    const result = await store.dispatch(usersApi.endpoints.getMe.initiate());
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR', error: UNAUTHORIZED });
    expect(world.redirects).toEqual([]);
    expect(server.paths()).toEqual([]);
  });

  it('get a guest token before their first read, and only once', async () => {
    server.setHandler(api(refreshed));
    const { store } = testStore(server.url);
    await store.dispatch(contentApi.endpoints.getStageFeed.initiate({ query: { country: 'GB' } }));
    await store.dispatch(contentApi.endpoints.getStageFeed.initiate({ query: { country: 'DE' } }));
    expect(server.paths()).toEqual([
      'POST /api/auth/refresh-guest',
      'GET /api/content/v9/feed/eight-stage',
      'GET /api/content/v9/feed/eight-stage',
    ]);
  });

  it('a citizen never asks for a guest token', async () => {
    server.setHandler(api(refreshed));
    const { store } = testStore(server.url, { cookies: sessionCookies(Date.now() + 600_000) });
    await store.dispatch(contentApi.endpoints.getStageFeed.initiate({ query: { country: 'GB' } }));
    expect(server.paths()).toEqual(['GET /api/content/v9/feed/eight-stage']);
  });
});
