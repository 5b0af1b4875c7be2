import type { Access, EndpointDef } from '@civitas/contract';
import * as contract from '@civitas/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/answers.js';
import { paths } from '../support/calls.js';
import { asCitizen, type Citizen, createTestApp, guest, machine, type TestApp } from '../support/harness.js';

let t: TestApp;
let postId: string;
// Calls that succeed here change the graph, so they act between fresh citizens, not the demo ones.
let actor: Citizen;
let target: Citizen;
beforeAll(async () => {
  t = await createTestApp();
  actor = await t.newCitizen();
  target = await t.newCitizen();
  postId = await t.newPost({ authorId: target.id });
});
afterAll(() => t.close());

interface Case {
  endpoint: EndpointDef;
  /** A well-formed url, given the ids the test owns. */
  url: () => string;
  /** The same call with a malformed id or username, when it takes one. */
  malformed?: string;
}

const cases: Case[] = [
  { endpoint: contract.likePost, url: () => paths.like(postId), malformed: paths.like('nope') },
  { endpoint: contract.unlikePost, url: () => paths.unlike(postId), malformed: paths.unlike('nope') },
  { endpoint: contract.follow, url: () => paths.follow(target.id), malformed: paths.follow('heidi') },
  { endpoint: contract.unfollow, url: () => paths.unfollow(target.id), malformed: paths.unfollow('1') },
  {
    endpoint: contract.sendFriendRequest,
    url: () => paths.friendRequest(target.id),
    malformed: paths.friendRequest('x'),
  },
  { endpoint: contract.unfriend, url: () => paths.unfriend(target.id), malformed: paths.unfriend('x') },
  {
    endpoint: contract.cancelFriendRequest,
    url: () => paths.cancelRequest(postId),
    malformed: paths.cancelRequest('x'),
  },
  {
    endpoint: contract.approveFriendRequest,
    url: () => paths.approveRequest(postId),
    malformed: paths.approveRequest('x'),
  },
  {
    endpoint: contract.declineFriendRequest,
    url: () => paths.declineRequest(postId),
    malformed: paths.declineRequest('x'),
  },
  { endpoint: contract.getMe, url: () => paths.me },
  { endpoint: contract.getProfile, url: () => paths.profile(target.username), malformed: paths.profile('b!') },
  {
    endpoint: contract.getCitizenSocialOverview,
    url: () => paths.citizenOverview(target.id),
    malformed: paths.citizenOverview('bob'),
  },
  { endpoint: contract.getMySocialOverview, url: () => paths.myOverview },
  { endpoint: contract.getPostOverview, url: () => paths.postOverview(postId), malformed: paths.postOverview('p') },
  {
    endpoint: contract.getSharedPostOverview,
    url: () => paths.sharedPostOverview(postId),
    malformed: paths.sharedPostOverview('p'),
  },
  {
    endpoint: contract.getPostsOverview,
    url: () => paths.postsOverview([postId]),
    malformed: paths.postsOverview(['p']),
  },
];

/** A caller the endpoint accepts, so only the thing under test is wrong. */
const allowedCaller = (access: Access) => (access === 'machine' ? machine('social') : asCitizen(actor));

/** Identities of the wrong kind: a valid token, just not for this call (403). */
const wrongKinds = (access: Access) =>
  access === 'citizen'
    ? [guest, machine('social', 'users')]
    : access === 'citizenOrGuest'
      ? [machine('social', 'users')]
      : [asCitizen(actor), guest];

it('covers every social endpoint of the contract', () => {
  expect(new Set(cases.map((c) => c.endpoint)).size).toBe(16);
});

describe.each(cases)('$endpoint.method $endpoint.path', ({ endpoint, url }) => {
  const call = (options: { as?: Parameters<TestApp['request']>[0]['as']; headers?: Record<string, string> } = {}) =>
    t.request({ method: endpoint.method, url: url(), ...options });

  it('answers 401 without a token, with an expired token and with a tampered token', async () => {
    expectError(await call(), 401, 'UNAUTHORIZED');
    const caller = allowedCaller(endpoint.access);
    const expired = await t.ctx.tokens.issue(caller, -10);
    expectError(await call({ as: expired }), 401, 'UNAUTHORIZED');
    const valid = await t.ctx.tokens.issue(caller, 900);
    const [header, payload, signature] = valid.split('.') as [string, string, string];
    const tampered = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expectError(await call({ as: tampered }), 401, 'UNAUTHORIZED');
    expectError(await call({ headers: { authorization: 'Basic YWxpY2U6cHc=' } }), 401, 'UNAUTHORIZED');
  });

  it('answers 403 to identities of the wrong kind', async () => {
    for (const who of wrongKinds(endpoint.access)) expectError(await call({ as: who }), 403, 'WRONG_IDENTITY');
  });

  it('answers 400 to an unknown X-API-Version and accepts its own', async () => {
    const as = allowedCaller(endpoint.access);
    expectError(await call({ as, headers: { 'x-api-version': '99.0' } }), 400, 'UNSUPPORTED_API_VERSION');
    const version = endpoint.versions.at(-1) ?? '';
    expect((await call({ as, headers: { 'x-api-version': version } })).statusCode).toBeLessThan(500);
  });
});

describe.each(cases.filter((c) => c.malformed))('$endpoint.method $endpoint.path with a malformed id', (c) => {
  it('answers 400 naming the field', async () => {
    const res = await t.request({
      method: c.endpoint.method,
      url: c.malformed ?? '',
      as: allowedCaller(c.endpoint.access),
    });
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(res.json().details.length).toBeGreaterThan(0);
  });
});
