import { getStageFeed } from '@civitas/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import {
  admits,
  answerHeaders,
  budgetHeaders,
  checkVersion,
  intoList,
  presentedToken,
  readCallerToken,
  type Spent,
  tokenFromCookie,
  versionAccepted,
} from './request-checks.js';

const names = { citizenToken: 'citizen', guestToken: 'guest' };

describe('readCallerToken', () => {
  it('reads the bearer token, else the citizen cookie, else the guest cookie', () => {
    const jar = { citizen: 'c', guest: 'g' };
    expect(readCallerToken({ authorization: 'Bearer b.c-d_e' }, jar, names)).toBe('b.c-d_e');
    expect(readCallerToken({}, jar, names)).toBe('c');
    expect(readCallerToken({ authorization: '' }, { guest: 'g', citizen: '' }, names)).toBe('g');
    expect(readCallerToken({}, { other: 'x' }, names)).toBeNull();
    expect(readCallerToken({}, undefined, names)).toBeNull();
    expect(tokenFromCookie({})).toBe(true);
    expect(tokenFromCookie({ authorization: 'Bearer b' })).toBe(false);
  });

  it('refuses a malformed Authorization header, whatever the cookies hold', () => {
    for (const authorization of ['Basic abc', 'bearer abc', 'Bearer ', 'Bearer a b', 'Bearer a\u00e9']) {
      expect(() => readCallerToken({ authorization }, { guest: 'g' }, names), authorization).toThrow(AppError);
    }
    // Where the token is, without a scan of its characters (the lane looks it up among verified tokens only).
    expect(() => presentedToken({ authorization: 'Basic abc' }, undefined, names)).toThrow(AppError);
    expect(presentedToken({ authorization: 'Bearer a b' }, undefined, names)).toBe('a b');
    expect(presentedToken({}, { guest: 'g' }, names)).toBe('g');
  });
});

describe('the version header', () => {
  it("takes none or one of the endpoint's versions, and says which it takes", () => {
    expect(versionAccepted(getStageFeed, undefined)).toBe(true);
    expect(versionAccepted(getStageFeed, '1.0')).toBe(true);
    expect(versionAccepted(getStageFeed, '2.0')).toBe(false);
    expect(versionAccepted(getStageFeed, ['1.0'])).toBe(false);
    expect(() => checkVersion(getStageFeed, '1.0')).not.toThrow();
    expect(() => checkVersion(getStageFeed, '2.0')).toThrow(/X-API-Version 2.0 is not supported .* use 1.0/);
  });
});

describe('admits', () => {
  it('admits the kinds an access level names', () => {
    expect(admits('citizenOrGuest', 'guest')).toBe(true);
    expect(admits('citizen', 'guest')).toBe(false);
    expect(admits('machine', 'citizen')).toBe(false);
    expect(admits('none', 'citizen')).toBe(false);
  });
});

describe('answer headers', () => {
  const counted = (isExceeded: boolean): Spent => ({
    isAllowed: false,
    max: 300,
    remaining: 0,
    ttlInSeconds: 42,
    isExceeded,
  });

  it("writes a count's RateLimit headers, Retry-After once spent, nothing when uncounted", () => {
    const list: string[] = [];
    budgetHeaders({ isAllowed: true }, list, intoList);
    expect(list).toEqual([]);
    budgetHeaders(counted(false), list, intoList);
    expect(list).toEqual(['ratelimit-limit', '300', 'ratelimit-remaining', '0', 'ratelimit-reset', '42']);
    list.length = 0;
    budgetHeaders(counted(true), list, intoList);
    expect(list.slice(-2)).toEqual(['retry-after', '42']);
  });

  it('lists every header of an answer in the order the routes write them', () => {
    const api = ['x-content-type-options', 'nosniff'];
    expect(answerHeaders(api, counted(false), true, 10)).toEqual([
      ...api,
      'ratelimit-limit',
      '300',
      'ratelimit-remaining',
      '0',
      'ratelimit-reset',
      '42',
      'content-type',
      'application/json; charset=utf-8',
      'vary',
      'accept-encoding',
      'content-encoding',
      'gzip',
      'content-length',
      '10',
    ]);
    expect(api).toEqual(['x-content-type-options', 'nosniff']);
  });
});
