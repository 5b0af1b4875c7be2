import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, guest, machine, type TestApp, unknownId } from '../support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const calls = [
  { method: 'GET', url: '/api/graphs/v3/citizens/search-mention/ali' },
  { method: 'GET', url: `/api/graphs/influencers/profile-relevant-creators/${unknownId}` },
  { method: 'GET', url: `/api/graphs/influencers/profile-relevant-citizens/${unknownId}` },
  { method: 'GET', url: `/api/graphs/influencers/mutual-following-connections/${unknownId}` },
  { method: 'GET', url: '/api/social/v1/citizens/me/suggested-creators' },
  { method: 'GET', url: '/api/social/v1/citizens/me/relevant-creators' },
  { method: 'GET', url: '/api/social/v1/citizens/me/relevant-citizens' },
  { method: 'POST', url: '/api/users/influencers/me/dismiss-relevant-profile-suggestion' },
  { method: 'GET', url: '/api/users/hashtags' },
] as const;

const payloadFor = (method: string) => (method === 'POST' ? { suggestedProfileId: unknownId } : undefined);

/** A valid token with one character of its signature changed. */
async function tamperedToken(): Promise<string> {
  const token = await t.tokenFor('alice');
  const at = token.lastIndexOf('.') + 10;
  return `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
}

describe('people and hashtag calls', () => {
  it.each(calls)('$method $url is for citizens only', async ({ method, url }) => {
    const payload = payloadFor(method);
    const noToken = await t.request({ method, url, payload });
    expect(noToken.statusCode).toBe(401);
    expect((await t.request({ method, url, payload, as: guest })).statusCode).toBe(403);
    const app = await t.request({ method, url, payload, as: machine('graphs', 'social', 'users') });
    expect(app.statusCode).toBe(403);
    expect((await t.request({ method, url, payload, as: await tamperedToken() })).statusCode).toBe(401);
    const citizen = await t.request({ method, url, payload, as: 'alice' });
    expect(citizen.statusCode).not.toBe(401);
    expect(citizen.statusCode).not.toBe(403);
  });

  it.each(calls)('$method $url refuses an unknown X-API-Version', async ({ method, url }) => {
    const res = await t.request({
      method,
      url,
      payload: payloadFor(method),
      as: 'alice',
      headers: { 'x-api-version': '9.9' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UNSUPPORTED_API_VERSION');
    const current = await t.request({
      method,
      url,
      payload: payloadFor(method),
      as: 'alice',
      headers: { 'x-api-version': '1.0' },
    });
    expect(current.statusCode).not.toBe(400);
  });
});
