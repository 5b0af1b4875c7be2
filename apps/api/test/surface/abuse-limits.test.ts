import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RENDER_KEY } from '../../src/http/abuse-limits.js';
import { paths } from '../support/calls.js';
import { asCitizen, createTestApp, guest, machine, type TestApp } from '../support/harness.js';

/** Every call has a budget (ADR 013): per citizen when signed in, per address otherwise; tighter on reaching people. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      REQUESTS_PER_5_MINUTES: '12',
      FOLLOWS_PER_HOUR: '3',
      FRIEND_REQUESTS_PER_HOUR: '2',
      POSTS_PER_30_MINUTES: '2',
      PROFILE_CHANGES_PER_HOUR: '2',
      REPORTS_PER_HOUR: '2',
    },
  });
});
afterAll(() => t.close());

const stage = '/api/content/v9/feed/eight-stage?country=GB';

function expectRefused(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'RATE_LIMITED' });
  expect(response.json().message).toMatch(new RegExp(`^Too many ${what}; try again in \\d+ seconds$`));
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(Number(response.headers['ratelimit-reset'])).toBe(retryAfter);
  expect(response.headers['ratelimit-remaining']).toBe('0');
}

describe('the general budget', () => {
  it('counts a citizen’s calls on every route together, answers the RateLimit headers, then 429 with Retry-After', async () => {
    const citizen = asCitizen(await t.newCitizen());
    const statuses: number[] = [];
    let last: LightMyRequestResponse | undefined;
    for (let call = 0; call < 14; call += 1) {
      // Reads and writes of several routes spend the one budget.
      last = await t.request({ method: 'GET', url: call % 2 === 0 ? stage : paths.me, as: citizen });
      statuses.push(last.statusCode);
      if (call === 0) {
        expect(last.headers['ratelimit-limit']).toBe('12');
        expect(last.headers['ratelimit-remaining']).toBe('11');
        expect(Number(last.headers['ratelimit-reset'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array(12).fill(200), 429, 429]);
    expectRefused(last as LightMyRequestResponse, 'requests');
  });

  it('is each citizen’s own, wherever they call from: another citizen on the same address is not refused', async () => {
    const spender = asCitizen(await t.newCitizen());
    for (let call = 0; call < 13; call += 1) await t.request({ method: 'GET', url: paths.me, as: spender });
    expect((await t.request({ method: 'GET', url: paths.me, as: spender })).statusCode).toBe(429);
    const other = asCitizen(await t.newCitizen());
    expect((await t.request({ method: 'GET', url: paths.me, as: other })).statusCode).toBe(200);
  });

  it('counts guests and calls without a session by address, together, since guest sessions cost nothing', async () => {
    const guestToken = await t.tokenFor(guest);
    const from = (remoteAddress: string, withGuest: boolean) =>
      t.app.inject({
        method: 'GET',
        // The stage takes guests; the birthday charity takes anyone, with no session at all.
        url: withGuest ? stage : '/api/charities/v1/charities/birthday',
        remoteAddress,
        ...(withGuest ? { headers: { authorization: `Bearer ${guestToken}` } } : {}),
      });
    const statuses: number[] = [];
    for (let call = 0; call < 12; call += 1) statuses.push((await from('10.9.0.1', call % 2 === 0)).statusCode);
    expect(statuses).toEqual(Array(12).fill(200));
    expectRefused(await from('10.9.0.1', true), 'requests');
    expectRefused(await from('10.9.0.1', false), 'requests');
    expect((await from('10.9.0.2', true)).statusCode).toBe(200);
  });

  it('does not count the app’s own machine clients (server rendering speaks for many people)', async () => {
    const token = await t.tokenFor(machine('content'));
    const statuses = new Set<number>();
    for (let call = 0; call < 20; call += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/content/v1/sharing/feed/${t.world.citizens.alice.username}/public`,
        remoteAddress: '10.9.0.3',
        headers: { authorization: `Bearer ${token}` },
      });
      statuses.add(response.statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });

  it('does not count the web server’s own calls for nobody in particular, and only with this process’s key', async () => {
    const guestToken = await t.tokenFor(guest);
    const call = (remoteAddress: string, key: string) =>
      t.app.inject({
        method: 'GET',
        url: stage,
        remoteAddress,
        headers: { authorization: `Bearer ${guestToken}`, 'x-civitas-render-key': key },
      });
    const statuses = new Set<number>();
    for (let i = 0; i < 20; i += 1) statuses.add((await call('10.9.0.4', RENDER_KEY)).statusCode);
    expect([...statuses]).toEqual([200]);
    const forged = `${RENDER_KEY.slice(0, -1)}${RENDER_KEY.endsWith('A') ? 'B' : 'A'}`;
    const forgedStatuses: number[] = [];
    for (let i = 0; i < 13; i += 1) forgedStatuses.push((await call('10.9.0.5', forged)).statusCode);
    expect(forgedStatuses.at(-1)).toBe(429);
  });

  it('documents 429 on every call in the OpenAPI', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operations = Object.values(document.paths as Record<string, Record<string, { responses: object }>>).flatMap(
      (path) => Object.values(path),
    );
    expect(operations.length).toBeGreaterThan(40);
    for (const operation of operations) expect(Object.keys(operation.responses)).toContain('429');
  });
});

describe('calls authentication refuses', () => {
  it('counts forged and missing tokens in the address’s budget: 401 while it lasts, then 429', async () => {
    const guestToken = await t.tokenFor(guest);
    const forged = `${guestToken.slice(0, -2)}${guestToken.endsWith('AA') ? 'BB' : 'AA'}`;
    const call = (remoteAddress: string, authorization?: string) =>
      t.app.inject({
        method: 'GET',
        url: stage,
        remoteAddress,
        ...(authorization ? { headers: { authorization } } : {}),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push((await call('10.9.2.1', i % 2 === 0 ? `Bearer ${forged}` : undefined)).statusCode);
    }
    expect(statuses).toEqual(Array(12).fill(401));
    expectRefused(await call('10.9.2.1', `Bearer ${forged}`), 'requests');
    // The address's budget is the one its guests spend, so a real guest session there waits too.
    expectRefused(await call('10.9.2.1', `Bearer ${guestToken}`), 'requests');
    expect((await call('10.9.2.2', `Bearer ${forged}`)).statusCode).toBe(401);
  });
});

describe('after a refusal', () => {
  it('takes the calls again once Retry-After has passed', async () => {
    const citizen = asCitizen(await t.newCitizen());
    let refused: LightMyRequestResponse | undefined;
    for (let call = 0; call < 13; call += 1) refused = await t.request({ method: 'GET', url: paths.me, as: citizen });
    expectRefused(refused as LightMyRequestResponse, 'requests');
    const retryAfter = Number(refused?.headers['retry-after']);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (retryAfter - 5) * 1000);
      expect((await t.request({ method: 'GET', url: paths.me, as: citizen })).statusCode).toBe(429);
      vi.setSystemTime(Date.now() + 6000);
      expect((await t.request({ method: 'GET', url: paths.me, as: citizen })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('outside the contract', () => {
  it('counts pages, the sign-in flow and the docs by address; not assets, media or health', async () => {
    const from = (url: string, remoteAddress = '10.9.1.1') => t.app.inject({ method: 'GET', url, remoteAddress });
    const statuses: number[] = [];
    for (const url of ['/api/docs', '/api/auth/login', '/api/identity/oauth/authorize']) {
      for (let call = 0; call < 4; call += 1) statuses.push((await from(url)).statusCode);
    }
    expect(statuses.every((status) => status !== 429)).toBe(true);
    expectRefused(await from('/api/auth/login'), 'requests');
    for (const url of ['/healthz', '/media/posts/x/y.webp', '/_next/static/chunks/a.js']) {
      expect((await from(url)).statusCode, url).not.toBe(429);
    }
    expect((await from('/api/auth/login', '10.9.1.2')).statusCode).not.toBe(429);
  });
});

describe('the API documents', () => {
  it('spend their address’s budget like any call: a flood of the OpenAPI document or the docs is refused', async () => {
    const documents = ['/api/openapi.json', '/api/docs', '/api/docs/', '/api/docs/static/index.html', '/api/docs/json'];
    for (const [at, url] of documents.entries()) {
      const remoteAddress = `10.9.4.${at + 1}`;
      const statuses: number[] = [];
      let last: LightMyRequestResponse | undefined;
      for (let call = 0; call < 14; call += 1) {
        last = await t.app.inject({ method: 'GET', url, remoteAddress });
        statuses.push(last.statusCode);
        if (call === 0) {
          expect(last.headers['ratelimit-limit'], url).toBe('12');
          expect(last.headers['ratelimit-remaining'], url).toBe('11');
        }
      }
      expect(
        statuses.slice(0, 12).every((status) => status !== 429),
        url,
      ).toBe(true);
      expect(statuses.slice(12), url).toEqual([429, 429]);
      expectRefused(last as LightMyRequestResponse, 'requests');
    }
  });
});

describe('client addresses', () => {
  it('counts an IPv6 caller by its /64, and an IPv4 address written as IPv6 as that IPv4 address', async () => {
    const from = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/api/auth/login', remoteAddress });
    const statuses: number[] = [];
    // Twelve addresses of one /64: one household's budget, however many addresses it answers from.
    for (let host = 1; host <= 12; host += 1)
      statuses.push((await from(`2001:db8:1:2::${host.toString(16)}`)).statusCode);
    expect(statuses.every((status) => status !== 429)).toBe(true);
    expectRefused(await from('2001:db8:1:2:ffff:ffff:ffff:ffff'), 'requests');
    expect((await from('2001:db8:1:3::1')).statusCode).not.toBe(429);

    for (let call = 0; call < 12; call += 1) await from(call % 2 === 0 ? '192.0.2.7' : '::ffff:192.0.2.7');
    expectRefused(await from('::ffff:c000:207'), 'requests');
  });

  it('believes X-Forwarded-For only from a proxy TRUST_PROXY names', async () => {
    const behindProxy = await createTestApp({
      seed: false,
      env: { REQUESTS_PER_5_MINUTES: '2', TRUST_PROXY: '10.0.0.1' },
    });
    try {
      const call = (remoteAddress: string, forwardedFor: string) =>
        behindProxy.app.inject({
          method: 'GET',
          url: '/api/auth/login',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
        });
      // Through the trusted proxy, each visitor has their own budget.
      for (const visitor of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        expect((await call('10.0.0.1', visitor)).statusCode).not.toBe(429);
        expect((await call('10.0.0.1', visitor)).statusCode).not.toBe(429);
      }
      expect((await call('10.0.0.1', '203.0.113.1')).statusCode).toBe(429);
      // From anyone else the header is not believed: one address, one budget, whatever it claims.
      expect((await call('10.0.0.9', '203.0.113.7')).statusCode).not.toBe(429);
      expect((await call('10.0.0.9', '203.0.113.8')).statusCode).not.toBe(429);
      expect((await call('10.0.0.9', '203.0.113.9')).statusCode).toBe(429);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('budgets of calls that reach other people', () => {
  it('holds follows and unfollows to their own budget, shared between the two', async () => {
    const follower = await t.newCitizen();
    const targets = await Promise.all([1, 2, 3].map(() => t.newCitizen()));
    const statuses: number[] = [];
    for (const target of targets.slice(0, 2)) {
      statuses.push(
        (await t.request({ method: 'POST', url: paths.follow(target.id), as: asCitizen(follower) })).statusCode,
      );
    }
    const [first, , third] = targets as [(typeof targets)[0], unknown, (typeof targets)[0]];
    statuses.push(
      (await t.request({ method: 'POST', url: paths.unfollow(first.id), as: asCitizen(follower) })).statusCode,
    );
    const refused = await t.request({ method: 'POST', url: paths.follow(third.id), as: asCitizen(follower) });
    expect(statuses).toEqual([200, 200, 200]);
    expectRefused(refused, 'follows and unfollows');
    // Nothing was written by the refused call; the general budget is untouched by it.
    const overview = await t.request({ method: 'GET', url: paths.myOverview, as: asCitizen(follower) });
    expect(overview.json().followingCount).toBe(1);
  });

  it('holds friend requests to theirs', async () => {
    const sender = await t.newCitizen();
    const statuses: number[] = [];
    for (let request = 0; request < 3; request += 1) {
      const target = await t.newCitizen();
      statuses.push(
        (await t.request({ method: 'POST', url: paths.friendRequest(target.id), as: asCitizen(sender) })).statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('holds posts and caption edits (which may mention people) to theirs', async () => {
    const author = asCitizen(await t.newCitizen());
    const create = () =>
      t.request({
        method: 'POST',
        url: '/api/users/v7/creators-content',
        as: author,
        payload: { mediaType: 'image', caption: 'Hello @alice', sharingOptions: 'public', externalLink: null },
      });
    const first = await create();
    expect(first.statusCode, first.body).toBe(201);
    const edit = await t.request({
      method: 'POST',
      url: `/api/users/creators-content/${first.json().id}/caption`,
      as: author,
      payload: { caption: 'Hello again @bob', mentionRequest: [] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expectRefused(await create(), 'posts and caption edits');
  });

  it('holds changes to a profile (name and bio, picture) to theirs, and a refused one changes nothing', async () => {
    const citizen = asCitizen(await t.newCitizen());
    const rename = (displayName: string) =>
      t.request({
        method: 'PUT',
        url: '/api/users/influencers/me/profile',
        as: citizen,
        payload: { displayName, bio: '' },
      });
    expect((await rename('First')).statusCode).toBe(200);
    const removed = await t.request({
      method: 'DELETE',
      url: '/api/users/influencers/me/profile-picture',
      as: citizen,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expectRefused(await rename('Third'), 'changes to your profile');
    expect((await t.request({ method: 'GET', url: paths.me, as: citizen })).json().displayName).toBe('First');
  });

  it('holds reports (each reaches a moderator) to theirs, and a refused one is not written', async () => {
    const reporter = asCitizen(await t.newCitizen());
    const report = async () =>
      t.request({
        method: 'POST',
        url: '/api/moderation/v1/reports',
        as: reporter,
        payload: { subject: { kind: 'citizen', id: (await t.newCitizen()).id }, reason: 'spam' },
      });
    expect((await report()).statusCode).toBe(201);
    expect((await report()).statusCode).toBe(201);
    expectRefused(await report(), 'reports');
    const mine = await t.request({ method: 'GET', url: '/api/moderation/v1/reports/mine', as: reporter });
    expect(mine.json().data).toHaveLength(2);
  });
});

describe('with REDIS_URL (the machine’s Redis)', () => {
  it('shares a citizen’s budget between instances', async () => {
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REQUESTS_PER_5_MINUTES: '5',
    };
    const [first, second] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    try {
      // The same citizen on both instances (a fresh id, so no earlier run's count is met in Redis).
      const citizen = asCitizen(await first.newCitizen());
      const statuses: number[] = [];
      for (const instance of [first, second, first, second, first, second]) {
        statuses.push((await instance.request({ method: 'GET', url: stage, as: citizen })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
