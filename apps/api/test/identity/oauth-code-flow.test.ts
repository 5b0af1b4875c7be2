import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.js';
import {
  authorizationCode,
  callbackUrl,
  PASSWORD,
  pkcePair,
  signUpAndVerify,
  tokenRequest,
  WEB_CLIENT,
} from '../support/identity-flows.js';

let t: TestApp;
let person: { id: string; email: string };
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  person = await signUpAndVerify(t, 'oauthuser');
});
afterAll(() => t.close());

const authorizeUrl = (params: Record<string, string>) => ({
  method: 'GET' as const,
  url: '/api/identity/oauth/authorize',
  query: {
    response_type: 'code',
    client_id: WEB_CLIENT,
    redirect_uri: callbackUrl(t),
    state: 'state-12345',
    ...params,
  },
});

describe('authorization code + PKCE', () => {
  it('signs in, exchanges the code for tokens that the API accepts', async () => {
    const { verifier, challenge } = pkcePair();
    const { code } = await authorizationCode(t, 'oauthuser', challenge);
    const res = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: callbackUrl(t),
      client_id: WEB_CLIENT,
      code_verifier: verifier,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const tokens = res.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    const me = await t.request({ method: 'GET', url: '/api/users/influencers/me', as: tokens.access_token });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('oauthuser');
  });

  it('signs in by email as well as by username, case-insensitively', async () => {
    const { challenge } = pkcePair();
    await expect(authorizationCode(t, 'OAuthUser@Example.org', challenge)).resolves.toHaveProperty('code');
  });

  it('refuses a missing or plain PKCE challenge by redirecting back with invalid_request', async () => {
    const cases: Record<string, string>[] = [
      { code_challenge_method: 'S256' },
      { code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' },
    ];
    for (const params of cases) {
      const res = await t.request(authorizeUrl(params));
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string);
      expect(location.origin + location.pathname).toBe(callbackUrl(t));
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('state')).toBe('state-12345');
    }
  });

  it('never redirects to an unregistered redirect URI or for an unknown client', async () => {
    const { challenge } = pkcePair();
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };
    const cases: Record<string, string>[] = [
      { redirect_uri: 'https://evil.example/cb' },
      { redirect_uri: `${callbackUrl(t)}/extra` },
      { client_id: 'nobody' },
      // No client can have these ids; the database is never asked (PostgreSQL refuses a NUL in text).
      { client_id: '\u0000' },
      { client_id: `${WEB_CLIENT}\u0000` },
      { client_id: 'x'.repeat(101) },
    ];
    for (const params of cases) {
      const res = await t.request(authorizeUrl({ ...pkce, ...params }));
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('refuses a wrong verifier, a mismatched redirect URI, a reused code and an expired code', async () => {
    const exchange = (code: string, verifier: string, redirectUri = callbackUrl(t)) =>
      tokenRequest(t, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: WEB_CLIENT,
        code_verifier: verifier,
      });

    const wrong = pkcePair();
    const first = await authorizationCode(t, 'oauthuser', wrong.challenge);
    const wrongVerifier = await exchange(first.code, pkcePair().verifier);
    expect(wrongVerifier.statusCode).toBe(400);
    expect(wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });

    const mismatch = pkcePair();
    const second = await authorizationCode(t, 'oauthuser', mismatch.challenge);
    expect((await exchange(second.code, mismatch.verifier, 'http://localhost:3000/elsewhere')).json().error).toBe(
      'invalid_grant',
    );

    const reuse = pkcePair();
    const third = await authorizationCode(t, 'oauthuser', reuse.challenge);
    expect((await exchange(third.code, reuse.verifier)).statusCode).toBe(200);
    const again = await exchange(third.code, reuse.verifier);
    expect(again.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'The authorization code was already used',
    });

    const late = pkcePair();
    const fourth = await authorizationCode(t, 'oauthuser', late.challenge);
    const realNow = t.ctx.now;
    t.ctx.now = () => realNow() + 61_000;
    try {
      expect((await exchange(fourth.code, late.verifier)).json().error_description).toBe(
        'The authorization code has expired',
      );
    } finally {
      t.ctx.now = realNow;
    }
  });

  it('answers malformed token requests in RFC 6749 form', async () => {
    const res = await tokenRequest(t, { grant_type: 'password', username: 'x', password: 'y' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
    const missing = await tokenRequest(t, { grant_type: 'authorization_code', client_id: WEB_CLIENT });
    expect(missing.json().error).toBe('invalid_request');
    const { verifier } = pkcePair();
    const grants: Record<string, string>[] = [
      { grant_type: 'authorization_code', code: 'abc', redirect_uri: callbackUrl(t), code_verifier: verifier },
      { grant_type: 'refresh_token', refresh_token: 'abc' },
    ];
    for (const grant of grants) {
      const nul = await tokenRequest(t, { ...grant, client_id: '\u0000' });
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toMatchObject({
        error: 'invalid_request',
        error_description: expect.stringContaining('client_id'),
      });
    }
  });

  it('does not sign in with a wrong password or before the email is verified, without telling which', async () => {
    const { challenge } = pkcePair();
    const authorize = await t.request(authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }));
    const interaction = new URL(authorize.headers.location as string, 'http://x').searchParams.get(
      'interaction',
    ) as string;
    const attempt = (login: string, password: string) =>
      t.request({ method: 'POST', url: '/api/identity/v1/sign-in', payload: { login, password, interaction } });
    const wrongPassword = await attempt('oauthuser', 'not the password');
    const unknownUser = await attempt('nobody_here', PASSWORD);
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.json()).toEqual(wrongPassword.json());

    const pending = await t.request({
      method: 'POST',
      url: '/api/identity/v1/accounts',
      payload: { email: 'pending@example.org', username: 'pending', displayName: 'Pending', password: PASSWORD },
    });
    expect(pending.statusCode).toBe(201);
    // The right password learns where to enter the code, for this account.
    expect((await attempt('pending', PASSWORD)).json()).toMatchObject({
      statusCode: 403,
      code: 'EMAIL_NOT_VERIFIED',
      redirectUrl: `${new URL(t.ctx.config.PUBLIC_URL).origin}/verify-email?influencerId=${pending.json().influencerId}`,
    });
    expect((await attempt('pending', 'not the password')).json()).not.toHaveProperty('redirectUrl');
    expect((await attempt('oauthuser', PASSWORD)).statusCode).toBe(200);
    const tampered = await t.request({
      method: 'POST',
      url: '/api/identity/v1/sign-in',
      payload: { login: 'oauthuser', password: PASSWORD, interaction: `${interaction}x` },
    });
    expect(tampered.json().code).toBe('SIGN_IN_REQUEST_EXPIRED');
  });
});

describe('discovery', () => {
  it('publishes RFC 8414 metadata at the well-known path of the issuer, and a JWKS that verifies our tokens', async () => {
    const meta = await t.request({ method: 'GET', url: '/.well-known/oauth-authorization-server' });
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toMatchObject({
      issuer: t.ctx.config.PUBLIC_URL.replace(/\/$/, ''),
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      response_types_supported: ['code'],
    });
    const jwks = await t.request({ method: 'GET', url: '/api/identity/.well-known/jwks.json' });
    const { keys } = jwks.json() as { keys: { kid: string; alg: string; d?: string }[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]?.d).toBeUndefined();
    expect(keys[0]?.alg).toBe('ES256');
    const token = await t.tokenFor({ kind: 'citizen', citizenId: person.id, username: 'oauthuser' });
    const { payload, protectedHeader } = await jwtVerify(token, await importJWK(keys[0] as never, 'ES256'));
    expect(protectedHeader.kid).toBe(keys[0]?.kid);
    expect(payload.sub).toBe(person.id);
  });
});
