import { getPostsOverview, getProfile, getStageFeed, likePost, updateCaption } from '@civitas/contract';
import { routeTable } from '@civitas/contract/routes-table';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { environmentOf } from './base-query';
import { buildRequest, latestVersion, queryString } from './contract-request';
import { createClientEnvironment } from './environment';
import { errorBodyOf, errorMessageKey } from './errors';
import { shouldRetry, waitBetweenTries } from './retry-policy';
import { citizenSessionFromCookies, isExpiring, readCookie } from './session-cookies';

afterEach(() => {
  vi.useRealTimers();
});

describe('buildRequest', () => {
  it('encodes path parameters and leaves absent query values out', () => {
    const request = buildRequest(getProfile, { params: { username: 'a b/c' } });
    expect(request.url).toBe('/api/users/influencers/profile/a%20b%2Fc');
    expect(buildRequest(getStageFeed, { query: { country: 'GB', continuationToken: undefined } }).url).toBe(
      '/api/content/v9/feed/eight-stage?country=GB',
    );
  });

  it('fails loudly when a path parameter is missing', () => {
    expect(() => buildRequest(likePost, { params: { id: '' } })).toThrow('needs the path parameter "id"');
  });

  it('builds the same request from a route (the browser) as from its endpoint (server rendering)', () => {
    const request = { params: { id: 'x' }, body: { caption: 'new' } };
    expect(buildRequest(routeTable.updateCaption, request)).toEqual(buildRequest(updateCaption, request));
    expect(buildRequest(routeTable.updateCaption, request)).toMatchObject({ method: 'POST', body: { caption: 'new' } });
    expect(buildRequest(routeTable.deletePost, { params: { id: 'x' } }).noContent).toBe(true);
    expect(buildRequest(routeTable.likePost, { params: { id: 'x' } }).noContent).toBe(false);
  });

  it('repeats array values and names the latest version', () => {
    expect(queryString({ contentId: ['a', 'b'], size: 2 })).toBe('?contentId=a&contentId=b&size=2');
    expect(buildRequest(getPostsOverview, { query: { contentId: ['a'] } }).headers).toEqual({ 'X-API-Version': '1.0' });
    expect(latestVersion({ ...likePost, versions: ['1.0', '2.0', '3.0'] })).toBe('3.0');
  });
});

describe('session cookies', () => {
  it('a citizen needs the username cookie; the expiry is read as epoch ms', () => {
    expect(citizenSessionFromCookies('civitas_session_expires=5')).toBeNull();
    expect(citizenSessionFromCookies('a=1; civitas_username=alice; civitas_session_expires=1700000000000')).toEqual({
      username: 'alice',
      expiresAt: 1_700_000_000_000,
    });
    expect(citizenSessionFromCookies('civitas_username=alice')).toEqual({ username: 'alice', expiresAt: 0 });
  });

  it('prefers the __Host- spelling a secure origin sets', () => {
    expect(readCookie('civitas_username=mallory; __Host-civitas_username=alice', 'civitas_username')).toBe('alice');
    expect(readCookie('civitas_username=b%C3%B6b', 'civitas_username')).toBe('böb');
  });

  it('a token counts as expired 180 s before its expiry', () => {
    const now = 1_000_000;
    expect(isExpiring(now + 180_000, now)).toBe(true);
    expect(isExpiring(now + 180_001, now)).toBe(false);
  });
});

describe('retry policy (docs/product.md §9)', () => {
  it('only network failures of reads, at most 5 times', () => {
    const fetchError = { status: 'FETCH_ERROR' as const, error: 'down' };
    expect(shouldRetry(fetchError, { method: 'GET' }, 5)).toBe(true);
    expect(shouldRetry(fetchError, { method: 'GET' }, 6)).toBe(false);
    expect(shouldRetry(fetchError, { method: 'POST' }, 1)).toBe(false);
    expect(shouldRetry({ status: 'TIMEOUT_ERROR', error: 'slow' }, { method: 'GET' }, 1)).toBe(false);
    expect(shouldRetry({ status: 503, data: null }, { method: 'GET' }, 1)).toBe(false);
  });

  it('waits 3000 ms between tries by default', async () => {
    const environment = createClientEnvironment({
      readCookies: () => '',
      redirect: () => undefined,
      currentPath: () => '/',
    });
    expect(environment.networkRetryIntervalMs).toBe(3000);
    vi.useFakeTimers();
    let waited = false;
    void waitBetweenTries(environment.networkRetryIntervalMs)(1, 5).then(() => {
      waited = true;
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(waited).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(waited).toBe(true);
  });

  it('stops waiting when the call is aborted', async () => {
    const controller = new AbortController();
    const waiting = waitBetweenTries(60_000)(1, 5, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow('Aborted');
  });
});

describe('error message keys', () => {
  it('name each failure kind for the pages to translate', () => {
    expect(errorMessageKey({ status: 'FETCH_ERROR', error: '' })).toBe('Errors.network');
    expect(errorMessageKey({ status: 'CUSTOM_ERROR', error: 'something else' })).toBe('Errors.generic');
    expect(errorMessageKey({ status: 409, data: null })).toBe('Errors.conflict');
    expect(errorMessageKey({ status: 429, data: null })).toBe('Errors.tooManyRequests');
    expect(errorMessageKey(new Error('thrown'))).toBe('Errors.generic');
    expect(errorMessageKey(undefined)).toBe('Errors.generic');
  });

  it('name the refusals whose code says more than their status (ADR 069, 070, 071)', () => {
    const refused = (statusCode: number, code: string) => ({
      status: statusCode,
      data: { statusCode, error: 'Refused', message: 'in English', code },
    });
    expect(errorMessageKey(refused(403, 'BLOCKED'))).toBe('Errors.blocked');
    expect(errorMessageKey(refused(403, 'ACCOUNT_SUSPENDED'))).toBe('Errors.accountSuspended');
    expect(errorMessageKey(refused(409, 'REPORT_ALREADY_OPEN'))).toBe('Errors.reportAlreadyOpen');
    // Any other code keeps its status's words.
    expect(errorMessageKey(refused(403, 'NOT_YOUR_POST'))).toBe('Errors.forbidden');
  });
});

describe('error bodies', () => {
  it('are recognised by the fields the client reads', () => {
    const body = { statusCode: 401, error: 'Unauthorized', message: 'sign in', redirectUrl: '/sign-in' };
    expect(errorBodyOf(body)).toEqual(body);
    expect(errorBodyOf({ ...body, code: 'X', details: [{ path: 'a', message: 'b' }] })).not.toBeNull();
    expect(errorBodyOf({ ...body, redirectUrl: 5 })).toBeNull();
    expect(errorBodyOf({ ...body, code: null })).toBeNull();
    expect(errorBodyOf({ ...body, statusCode: '401' })).toBeNull();
    expect(errorBodyOf({ error: 'x', message: 'y' })).toBeNull();
    expect(errorBodyOf('<html>')).toBeNull();
    expect(errorBodyOf(null)).toBeNull();
  });
});

describe('environmentOf', () => {
  it('explains a store made without an environment', () => {
    expect(() => environmentOf({ extra: undefined })).toThrow('without a client environment');
  });
});
