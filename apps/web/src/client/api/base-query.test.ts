import { getPost as getPostEndpoint, updateCaption as updateCaptionEndpoint } from '@civitas/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { post, uuid } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/test-server';
import { testStore } from '../testing/test-store';
import { contentApi } from './content-api';
import { errorMessageKey, POST_OVERVIEW_NOT_FOUND } from './errors';
import { socialApi } from './social-api';
import { usersMutations } from './users-mutations';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.seen.length = 0;
  vi.useRealTimers();
});

// A signed-in citizen whose token is far from expiry: no refresh calls get in the way.
const citizenCookies = () => `civitas_username=alice; civitas_session_expires=${Date.now() + 3_600_000}`;
const citizenStore = (options = {}) => testStore(server.url, { cookies: citizenCookies(), ...options });

describe('requests built from the contract', () => {
  it('fills the path, sends the latest version header and validates the answer', async () => {
    const stored = post();
    server.setHandler(() => ({ status: 200, json: stored }));
    const { store } = citizenStore();
    const result = await store.dispatch(contentApi.endpoints.getPost.initiate({ params: { id: stored.id } }));
    expect(result.data).toEqual(stored);
    const seen = server.seen.at(-1);
    expect(seen?.path).toBe(`/api/content/v1/creators-content/${stored.id}`);
    expect(seen?.headers['x-api-version']).toBe(getPostEndpoint.versions.at(-1));
    expect(seen?.headers.accept).toBe('application/json');
  });

  it('repeats contentId in the query string', async () => {
    const [first, second] = [uuid(), uuid()];
    server.setHandler(() => ({ status: 200, json: { data: [] } }));
    const { store } = citizenStore();
    await store.dispatch(socialApi.endpoints.getPostsOverview.initiate({ query: { contentId: [first, second] } }));
    const seen = server.seen.at(-1);
    expect(seen?.path).toBe('/api/social/v1/creators-content/social-overview');
    expect(seen?.search.getAll('contentId')).toEqual([first, second]);
  });

  it('sends a JSON body with the version the endpoint names', async () => {
    const id = uuid();
    server.setHandler(() => ({
      status: 200,
      json: { caption: { content: 'new', mentions: [] }, mentionRequest: [], hashtags: [] },
    }));
    const { store } = citizenStore();
    const result = await store.dispatch(
      usersMutations.endpoints.updateCaption.initiate({ params: { id }, body: { caption: 'new' } }),
    );
    expect(result.error).toBeUndefined();
    const seen = server.seen.at(-1);
    expect(seen?.method).toBe('POST');
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(seen?.headers['x-api-version']).toBe(updateCaptionEndpoint.versions.at(-1));
    expect(seen?.body).toEqual({ caption: 'new' });
  });

  it('sends no body (and no content type) for calls without one', async () => {
    const id = uuid();
    server.setHandler(() => ({
      status: 200,
      json: { contentId: id, likesOverviewDetails: { likesCount: 1, liked: true } },
    }));
    const { store } = citizenStore();
    await store.dispatch(usersMutations.endpoints.likePost.initiate({ params: { id } }));
    const seen = server.seen.at(-1);
    expect(seen?.body).toBeUndefined();
    expect(seen?.headers['content-type']).toBeUndefined();
  });
});

describe('failure kinds', () => {
  const getPost = (store: ReturnType<typeof citizenStore>['store']) =>
    store.dispatch(contentApi.endpoints.getPost.initiate({ params: { id: uuid() } }));

  // The server checks every answer against the contract before sending it, so the browser (which carries no
  // schemas) takes a JSON success as sent.
  it('a JSON success is taken as the server sent it, without a schema check in the browser', async () => {
    server.setHandler(() => ({ status: 200, json: { id: 'not a post' } }));
    const result = await getPost(citizenStore().store);
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({ id: 'not a post' });
  });

  it('a success that is not JSON is a PARSING_ERROR', async () => {
    server.setHandler(() => ({ status: 200, text: '<html>', contentType: 'text/html' }));
    const result = await getPost(citizenStore().store);
    expect(result.error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 200, data: '<html>' });
    expect(errorMessageKey(result.error)).toBe('Errors.unexpectedResponse');
  });

  it('a call whose contract answers 204 No Content resolves to undefined', async () => {
    server.setHandler(() => ({ status: 200, json: { unexpected: true } }));
    const result = await citizenStore().store.dispatch(
      usersMutations.endpoints.deletePost.initiate({ params: { id: uuid() } }),
    );
    expect(result.error).toBeUndefined();
    expect(result.data).toBeUndefined();
  });

  it('an error body without the contract error fields names no custom error', async () => {
    const body = { statusCode: 404, message: 'no error field', code: 'POST_OVERVIEW_NOT_FOUND' };
    server.setHandler(() => ({ status: 404, json: body }));
    const { store } = citizenStore();
    const result = await store.dispatch(socialApi.endpoints.getPostOverview.initiate({ params: { id: uuid() } }));
    expect(result.error).toEqual({ status: 404, data: body });
  });

  it('a missing post overview is the custom error "Post Overview not found"', async () => {
    server.setHandler(() => ({
      status: 404,
      json: {
        statusCode: 404,
        error: 'Not Found',
        message: 'Post Overview not found',
        code: 'POST_OVERVIEW_NOT_FOUND',
      },
    }));
    const { store } = citizenStore();
    const result = await store.dispatch(socialApi.endpoints.getPostOverview.initiate({ params: { id: uuid() } }));
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR', error: POST_OVERVIEW_NOT_FOUND });
    expect(errorMessageKey(result.error)).toBe('Errors.postOverviewNotFound');
  });

  it('other HTTP errors keep their status and body', async () => {
    const body = { statusCode: 404, error: 'Not Found', message: 'No such post', code: 'POST_NOT_FOUND' };
    server.setHandler(() => ({ status: 404, json: body }));
    const result = await getPost(citizenStore().store);
    expect(result.error).toEqual({ status: 404, data: body });
    expect(errorMessageKey(result.error)).toBe('Errors.notFound');
  });

  it('no answer in time is a TIMEOUT_ERROR, and is not tried again', async () => {
    server.setHandler(() => new Promise(() => undefined));
    const result = await getPost(citizenStore({ timeoutMs: 100 }).store);
    expect(result.error).toMatchObject({ status: 'TIMEOUT_ERROR' });
    expect(errorMessageKey(result.error)).toBe('Errors.timeout');
    expect(server.seen).toHaveLength(1);
  });
});

describe('retries', () => {
  it('a read that meets a network failure is tried again, at most 5 times, then fails with FETCH_ERROR', async () => {
    server.setHandler(() => ({ hangUp: true }));
    const result = await citizenStore().store.dispatch(
      contentApi.endpoints.getPost.initiate({ params: { id: uuid() } }),
    );
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(errorMessageKey(result.error)).toBe('Errors.network');
    expect(server.seen).toHaveLength(1 + 5);
  });

  it('a read succeeds when the network comes back', async () => {
    const stored = post();
    let calls = 0;
    server.setHandler(() => (++calls < 3 ? { hangUp: true } : { status: 200, json: stored }));
    const result = await citizenStore().store.dispatch(
      contentApi.endpoints.getPost.initiate({ params: { id: stored.id } }),
    );
    expect(result.data?.id).toBe(stored.id);
    expect(server.seen).toHaveLength(3);
  });

  it('a write is never tried again', async () => {
    server.setHandler(() => ({ hangUp: true }));
    const result = await citizenStore().store.dispatch(
      usersMutations.endpoints.likePost.initiate({ params: { id: uuid() } }),
    );
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(server.seen).toHaveLength(1);
  });

  it('an HTTP error is final (0 retries)', async () => {
    server.setHandler(() => ({ status: 500, json: { statusCode: 500, error: 'Internal', message: 'x' } }));
    const result = await citizenStore().store.dispatch(
      contentApi.endpoints.getPost.initiate({ params: { id: uuid() } }),
    );
    expect(result.error).toMatchObject({ status: 500 });
    expect(errorMessageKey(result.error)).toBe('Errors.generic');
    expect(server.seen).toHaveLength(1);
  });
});

describe('cache retention', () => {
  it('keeps data nobody uses for 60 s, then drops it (docs/product.md §9)', async () => {
    const stored = post();
    server.setHandler(() => ({ status: 200, json: stored }));
    const { store } = citizenStore();
    const select = contentApi.endpoints.getPost.select({ params: { id: stored.id } });
    const subscription = store.dispatch(contentApi.endpoints.getPost.initiate({ params: { id: stored.id } }));
    await subscription;
    vi.useFakeTimers();
    subscription.unsubscribe();
    vi.advanceTimersByTime(59_000);
    expect(select(store.getState()).data).toEqual(stored);
    vi.advanceTimersByTime(2000);
    expect(select(store.getState()).data).toBeUndefined();
  });
});
