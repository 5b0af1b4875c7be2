import { REFRESH_REUSE_GRACE_MS } from '@civitas/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_ABSOLUTE_MS, REFRESH_IDLE_MS } from '../../src/domains/identity/oauth/refresh-tokens.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import {
  authorizationCode,
  callbackUrl,
  pkcePair,
  signUpAndVerify,
  tokenRequest,
  WEB_CLIENT,
} from '../support/identity-flows.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  await signUpAndVerify(t, 'refresher');
});
afterAll(() => t.close());

async function signIn(): Promise<string> {
  const { verifier, challenge } = pkcePair();
  const { code } = await authorizationCode(t, 'refresher', challenge);
  const res = await tokenRequest(t, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: callbackUrl(t),
    client_id: WEB_CLIENT,
    code_verifier: verifier,
  });
  return res.json().refresh_token as string;
}

const refresh = (token: string) =>
  tokenRequest(t, { grant_type: 'refresh_token', refresh_token: token, client_id: WEB_CLIENT });

async function withClockAhead<T>(ms: number, run: () => Promise<T>): Promise<T> {
  const realNow = t.ctx.now;
  t.ctx.now = () => realNow() + ms;
  try {
    return await run();
  } finally {
    t.ctx.now = realNow;
  }
}

describe('refresh tokens', () => {
  it('rotate on every use: the new one works, the old one is spent', async () => {
    const first = await signIn();
    const rotated = await refresh(first);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json().refresh_token as string;
    expect(second).not.toBe(first);
    expect((await refresh(second)).statusCode).toBe(200);
  });

  it('reuse of a spent token revokes the whole family, including the newest token', async () => {
    const first = await signIn();
    const second = (await refresh(first)).json().refresh_token as string;
    const reuse = await withClockAhead(REFRESH_REUSE_GRACE_MS + 1000, () => refresh(first));
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe('invalid_grant');
    expect(reuse.json().error_description).toContain('already used');
    const victim = await refresh(second);
    expect(victim.json().error_description).toContain('revoked');
  });

  it('lets two requests racing with the same token both renew, within the grace window only', async () => {
    const first = await signIn();
    const [a, b] = await Promise.all([refresh(first), refresh(first)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const fromA = a.json().refresh_token as string;
    const fromB = b.json().refresh_token as string;
    expect(fromA).not.toBe(fromB);
    // Both successors belong to the living family and keep working.
    expect((await refresh(fromA)).statusCode).toBe(200);
    expect((await refresh(fromB)).statusCode).toBe(200);
    // Once the window has passed, the same old token is a theft signal again.
    const late = await withClockAhead(REFRESH_REUSE_GRACE_MS + 1000, () => refresh(first));
    expect(late.json().error_description).toContain('already used');
  });

  it('expire when unused past the idle limit, and at the absolute limit however often they rotate', async () => {
    const idle = await signIn();
    expect((await withClockAhead(REFRESH_IDLE_MS + 1000, () => refresh(idle))).json().error_description).toContain(
      'expired',
    );

    let token = await signIn();
    // Rotate every 10 days: each use is within the idle limit, yet the family still ends at the absolute limit.
    for (let day = 10; day < REFRESH_ABSOLUTE_MS / 86_400_000; day += 10) {
      const res = await withClockAhead(day * 86_400_000, () => refresh(token));
      expect(res.statusCode, `day ${day}`).toBe(200);
      token = res.json().refresh_token;
    }
    const end = await withClockAhead(REFRESH_ABSOLUTE_MS + 1000, () => refresh(token));
    expect(end.json().error_description).toContain('expired');
  });

  it('are refused for an unknown token or client', async () => {
    expect((await refresh('made-up-token')).json().error).toBe('invalid_grant');
    const wrongClient = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: await signIn(),
      client_id: 'nobody',
    });
    expect(wrongClient.statusCode).toBe(401);
    expect(wrongClient.json().error).toBe('invalid_client');
  });
});
