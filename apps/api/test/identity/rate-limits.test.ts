import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.js';
import { PASSWORD, signInInteraction, signUpAndVerify } from '../support/identity-flows.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: '5', ACCOUNT_FAILURE_LIMIT: '3' } });
});
afterAll(() => t.close());

describe('abuse limits', () => {
  it('answers 429 with Retry-After once an IP exceeds the per-minute budget', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<TestApp['request']>> | undefined;
    for (let i = 0; i < 7; i++) {
      last = await t.request({
        method: 'POST',
        url: '/api/identity/v1/password-reset',
        payload: { email: `x${i}@example.org` },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    // Another IP has its own budget.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/identity/v1/password-reset',
      payload: { email: 'y@example.org' },
      remoteAddress: '10.0.0.9',
    });
    expect(elsewhere.statusCode).toBe(202);
  });

  it('locks an account for an address after repeated failed sign-ins, without saying whether it exists', async () => {
    const interaction = await signInInteraction(t);
    const attempt = (login: string, password: string, ip: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/identity/v1/sign-in',
        payload: { login, password, interaction },
        remoteAddress: `10.1.0.${ip}`,
      });
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await attempt('nosuchuser', 'wrong password', 1)).statusCode);
    expect(results).toEqual([401, 401, 401, 429]);
    const locked = await attempt('nosuchuser', PASSWORD, 1);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    // Someone failing on purpose from their own address is refused there, and a lock on the username says
    // nothing of the email (it is counted as typed); the citizen signs in from their own address.
    await signUpAndVerify(t, 'targeted');
    for (let i = 0; i < 3; i++) expect((await attempt('targeted', 'wrong password', 2)).statusCode).toBe(401);
    expect((await attempt('targeted', 'wrong password', 2)).statusCode).toBe(429);
    expect((await attempt('TARGETED@example.org', 'wrong password', 2)).statusCode).toBe(401);
    const own = await attempt('targeted', PASSWORD, 3);
    expect(own.statusCode, own.body).toBe(200);
    // All addresses together get ten times one address's failures; refused attempts count for nothing (had they
    // counted, the sixth address would already meet the lock).
    for (let ip = 10; ip < 20; ip++) {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await attempt('targeted', 'wrong password', ip)).statusCode);
      expect(statuses, `address ${ip}`).toEqual([401, 401, 401, 429, 429]);
    }
    expect((await attempt('targeted', PASSWORD, 60)).statusCode).toBe(429);
  });
});
