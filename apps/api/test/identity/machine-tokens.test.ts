import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMachineClient } from '../../src/domains/identity/clients.js';
import { createTestApp, type TestApp } from '../support/harness.js';

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  secret = await registerMachineClient(
    t.ctx.db,
    { id: 'web-ssr', name: 'Web SSR', scopes: ['content', 'social'] },
    Date.now(),
  );
});
afterAll(() => t.close());

const ask = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/identity/machine/token', payload });

describe('machine tokens', () => {
  it('issues a token naming no citizen, limited to the scopes asked for', async () => {
    const res = await ask({ clientId: 'web-ssr', clientSecret: secret, scopes: ['content'] });
    expect(res.statusCode).toBe(200);
    const { accessToken } = res.json();
    const caller = await t.ctx.tokens.verify(accessToken);
    expect(caller).toEqual({ kind: 'machine', clientId: 'web-ssr', scopes: ['content'] });
    const post = await t.newPost({ authorId: t.world.citizens.alice.id });
    expect(
      (await t.request({ method: 'GET', url: `/api/content/v1/sharing/creators-content/${post}`, as: accessToken }))
        .statusCode,
    ).toBe(200);
    // Asked for content only: the social sharing call is refused.
    const overview = await t.request({
      method: 'GET',
      url: `/api/social/v1/sharing/${post}/overview`,
      as: accessToken,
    });
    expect(overview.statusCode).toBe(403);
    // A machine token is no citizen.
    expect((await t.request({ method: 'GET', url: '/api/users/influencers/me', as: accessToken })).statusCode).toBe(
      403,
    );
  });

  it('refuses a wrong secret, an unknown client, a disallowed scope and an unknown scope', async () => {
    expect((await ask({ clientId: 'web-ssr', clientSecret: 'wrong', scopes: ['content'] })).statusCode).toBe(401);
    expect((await ask({ clientId: 'nobody', clientSecret: secret, scopes: ['content'] })).json().code).toBe(
      'INVALID_CLIENT',
    );
    const disallowed = await ask({ clientId: 'web-ssr', clientSecret: secret, scopes: ['content', 'payments'] });
    expect(disallowed.statusCode).toBe(403);
    expect(disallowed.json()).toMatchObject({
      code: 'SCOPE_NOT_ALLOWED',
      message: 'This client may not ask for: payments',
    });
    expect((await ask({ clientId: 'web-ssr', clientSecret: secret, scopes: ['everything'] })).statusCode).toBe(400);
  });
});
