import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagePost } from '../../src/domains/feeds/stage-membership.js';
import { sessionCookieNames } from '../../src/http/auth/cookies.js';
import { guest, type TestApp } from '../support/harness.js';
import { type Answer, type LaneApp, laneApp } from '../support/lane-app.js';

/**
 * The express lane and the routes run the same checks (http/request-checks.ts, ADR 060): which token is read,
 * the version header, the caller's kind, the budget spent and the answer's headers. Each request below is sent
 * to the routes alone (`inject` passes by the lane) and then over HTTP, where the lane answers what it takes;
 * the two answers must be alike, and the lane must have taken those it can. A check that drifted apart in one
 * of the two (a cookie read before the bearer token, a version refused, another budget spent, a header left
 * out) makes the two answers differ here.
 */
/**
 * Headers only one of the two ways sets (the date, the connection's), the budget left and the seconds to its
 * reset (a second may turn between the two requests on a loaded machine), the last two compared apart.
 */
const comparable = ({
  date: _date,
  connection: _connection,
  'keep-alive': _keepAlive,
  'ratelimit-remaining': _left,
  'ratelimit-reset': _reset,
  ...rest
}: IncomingHttpHeaders) => rest;

/** The budget's reset, as each answer counts it down: the lane's within the second after the routes'. */
const resetsAlike = (http: IncomingHttpHeaders, routes: IncomingHttpHeaders, label: string) => {
  if (routes['ratelimit-reset'] === undefined) return expect(http['ratelimit-reset'], label).toBeUndefined();
  const apart = Number(routes['ratelimit-reset']) - Number(http['ratelimit-reset']);
  expect(
    apart === 0 || apart === 1,
    `${label}: reset ${routes['ratelimit-reset']} then ${http['ratelimit-reset']}`,
  ).toBe(true);
};

const STAGE = '/api/content/v9/feed/eight-stage?country=NZ';

describe('the express lane and the routes', () => {
  let lane: LaneApp;
  let t: TestApp;
  beforeAll(async () => {
    lane = await laneApp();
    t = lane.t;
  });
  afterAll(() => t.close());

  const overHttp = (headers: Record<string, string>) => lane.get(STAGE, headers);

  const byRoutes = async (headers: Record<string, string>): Promise<Answer> => {
    const answer = await t.app.inject({ method: 'GET', url: STAGE, headers, remoteAddress: '127.0.0.1' });
    return { status: answer.statusCode, headers: answer.headers as IncomingHttpHeaders, body: answer.rawPayload };
  };

  it('answer alike however the token is presented, whatever the version, with the same budget spent', async () => {
    const author = await t.newCitizen({ country: 'NZ' });
    const posts: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const post = await t.newPost({ authorId: author.id });
      await stagePost(t.ctx.db, post, ['NZ'], 'curated', Date.now() - 1000 - i);
      posts.push(post);
    }
    // Alice's page differs from a guest's (her like is in it): a token read from the wrong place shows.
    const like = `/api/users/influencers/me/liked-creators-content/${posts[0]}`;
    expect((await t.request({ method: 'POST', url: like, as: 'alice' })).statusCode).toBe(200);
    const guestToken = await t.tokenFor(guest);
    const aliceToken = await t.tokenFor('alice');
    const names = sessionCookieNames(t.ctx.config.PUBLIC_URL);
    const guestCookie = `theme=dark; ${names.guestToken}=${guestToken}`;
    const bothCookies = `${names.guestToken}=${guestToken}; ${names.citizenToken}=${aliceToken}`;

    const cases: [string, Record<string, string>, { status: number; lane: boolean }][] = [
      ['a bearer token', { authorization: `Bearer ${guestToken}` }, { status: 200, lane: true }],
      ["a citizen's bearer token", { authorization: `Bearer ${aliceToken}` }, { status: 200, lane: true }],
      ["the guest's cookie", { cookie: guestCookie }, { status: 200, lane: true }],
      ["the citizen's cookie before the guest's", { cookie: bothCookies }, { status: 200, lane: true }],
      [
        'the bearer token before the cookies',
        { authorization: `Bearer ${guestToken}`, cookie: bothCookies },
        { status: 200, lane: true },
      ],
      [
        'an empty Authorization header, then the cookie',
        { authorization: '', cookie: guestCookie },
        { status: 200, lane: true },
      ],
      [
        'the version asked for',
        { authorization: `Bearer ${guestToken}`, 'x-api-version': '1.0' },
        { status: 200, lane: true },
      ],
      [
        'a version the call does not have',
        { authorization: `Bearer ${guestToken}`, 'x-api-version': '2.0' },
        { status: 400, lane: false },
      ],
      [
        'a scheme other than Bearer, over a cookie',
        { authorization: 'Basic abc', cookie: guestCookie },
        { status: 401, lane: false },
      ],
      ['a bearer written in lower case', { authorization: `bearer ${guestToken}` }, { status: 401, lane: false }],
      ['a bearer token with a space in it', { authorization: `Bearer ${guestToken} x` }, { status: 401, lane: false }],
      ['a forged token', { authorization: `Bearer ${guestToken}x` }, { status: 401, lane: false }],
      ['no token at all', {}, { status: 401, lane: false }],
    ];
    for (const [what, headers, expected] of cases) {
      for (const encoding of [{ 'accept-encoding': 'gzip' }, {}] as Record<string, string>[]) {
        const asked = { ...headers, ...encoding };
        // The routes first: they verify the token (the lane takes only tokens this process knows) and keep the page.
        const routes = await byRoutes(asked);
        const before = lane.routed();
        const http = await overHttp(asked);
        const label = `${what} ${JSON.stringify(encoding)}`;
        expect(lane.routed() - before, `${label}: ${expected.lane ? 'the lane' : 'the routes'} answer`).toBe(
          expected.lane ? 0 : 1,
        );
        expect(http.status, label).toBe(expected.status);
        expect(routes.status, label).toBe(expected.status);
        expect(http.body.equals(routes.body), label).toBe(true);
        expect(comparable(http.headers), label).toEqual(comparable(routes.headers));
        resetsAlike(http.headers, routes.headers, label);
        if (routes.headers['ratelimit-remaining'] !== undefined) {
          // The same budget, spent once by each.
          expect(Number(http.headers['ratelimit-remaining']), label).toBe(
            Number(routes.headers['ratelimit-remaining']) - 1,
          );
        }
      }
    }
  });
});

/**
 * The query and the client's address are read by one definition each (http/request-reading.ts), which Fastify
 * is configured with and the lane calls. A repeated key, an encoded key and a forwarded address, with and
 * without trusted proxies, give both the same answer, and spend the same budget: a guest's is their address's,
 * so a lane that read another address than the routes would show another count left.
 */
describe.each([
  ['without TRUST_PROXY', undefined],
  ['with TRUST_PROXY naming the peer', '127.0.0.1'],
])('the query and the address, read alike by the lane and the routes, %s', (_label, trustProxy) => {
  let lane: LaneApp;
  let t: TestApp;
  beforeAll(async () => {
    lane = await laneApp(trustProxy ? { env: { TRUST_PROXY: trustProxy } } : {});
    t = lane.t;
  });
  afterAll(() => t.close());

  it('answer alike and spend the same budget', async () => {
    const author = await t.newCitizen({ country: 'NZ' });
    for (let i = 0; i < 3; i += 1) {
      const post = await t.newPost({ authorId: author.id });
      await stagePost(t.ctx.db, post, ['NZ'], 'curated', Date.now() - 1000 - i);
    }
    const authorization = `Bearer ${await t.tokenFor(guest)}`;
    const path = '/api/content/v9/feed/eight-stage';
    const cases: [string, string, Record<string, string>, { status: number; lane: boolean }][] = [
      ['a plain query', '?country=NZ', {}, { status: 200, lane: true }],
      ['an encoded key', '?c%6Fu%6Etry=NZ', {}, { status: 200, lane: true }],
      ['an encoded value', '?country=%4E%5A', {}, { status: 200, lane: true }],
      ['a repeated key', '?country=NZ&country=JP', {}, { status: 400, lane: false }],
      ['a repeated key, once encoded', '?country=NZ&c%6Funtry=NZ', {}, { status: 400, lane: false }],
      // Each forwarded address is new: believed, it is a fresh budget, unlike the peer's, spent above.
      ['a forwarded address', '?country=NZ', { 'x-forwarded-for': '203.0.113.7' }, { status: 200, lane: true }],
      [
        'a chain of forwarded addresses',
        '?country=NZ',
        { 'x-forwarded-for': '198.51.100.4, 203.0.113.8' },
        { status: 200, lane: true },
      ],
    ];
    for (const [what, query, headers, expected] of cases) {
      const asked = { authorization, ...headers };
      const routes = await t.app.inject({
        method: 'GET',
        url: path + query,
        headers: asked,
        remoteAddress: '127.0.0.1',
      });
      const before = lane.routed();
      const http = await lane.get(path + query, asked);
      expect(lane.routed() - before, `${what}: ${expected.lane ? 'the lane' : 'the routes'} answer`).toBe(
        expected.lane ? 0 : 1,
      );
      expect(routes.statusCode, what).toBe(expected.status);
      expect(http.status, what).toBe(expected.status);
      expect(http.body.equals(routes.rawPayload), what).toBe(true);
      expect(comparable(http.headers), what).toEqual(comparable(routes.headers as IncomingHttpHeaders));
      resetsAlike(http.headers, routes.headers as IncomingHttpHeaders, what);
      // The same budget (the same address read), spent once by each.
      expect(Number(http.headers['ratelimit-remaining']), what).toBe(Number(routes.headers['ratelimit-remaining']) - 1);
    }
  });
});
