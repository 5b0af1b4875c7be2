import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';

export const WEB_CLIENT = 'civitas-web';
export const callbackUrl = (t: TestApp) => new URL('/api/auth/callback', t.ctx.config.PUBLIC_URL).toString();

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

export const PASSWORD = 'correct horse battery staple';

/** Signs up through the API and reads the code from the real outbox, as a person would from their inbox. */
export async function signUpAndVerify(t: TestApp, username: string): Promise<{ id: string; email: string }> {
  const email = `${username}@example.org`;
  const res = await t.request({
    method: 'POST',
    url: '/api/identity/v1/accounts',
    payload: { email, username, displayName: `Person ${username}`, password: PASSWORD, country: 'GB', language: 'en' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().influencerId as string;
  const verified = await verifyEmail(t, id, await latestCode(t, email));
  expect(verified.statusCode, verified.body).toBe(200);
  return { id, email };
}

/** Confirms an account's email with the code mailed to it. */
export const verifyEmail = (t: TestApp, influencerId: string, otpCode: string) =>
  t.request({
    method: 'POST',
    url: '/api/users/influencers/verify-influencer-email',
    payload: { influencerId, otpCode },
  });

/** Asks for a password reset link to be mailed to `email`. */
export const askPasswordReset = (t: TestApp, email: string) =>
  t.request({ method: 'POST', url: '/api/identity/v1/password-reset', payload: { email } });

export async function latestCode(t: TestApp, email: string): Promise<string> {
  const [mail] = await t.ctx.mailer.outbox(email);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** The newest password-reset link mailed to `email`, and the token in its fragment. */
export async function latestResetLink(t: TestApp, email: string): Promise<{ link: URL; token: string }> {
  const [mail] = await t.ctx.mailer.outbox(email);
  const href = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
  if (!href) throw new Error(`no link mailed to ${email}`);
  const link = new URL(href);
  return { link, token: new URLSearchParams(link.hash.slice(1)).get('token') ?? '' };
}

/** authorize → the sealed interaction the sign-in page is handed. */
export async function signInInteraction(
  t: TestApp,
  { challenge = pkcePair().challenge, redirectUri = callbackUrl(t), state = 'state-12345' } = {},
): Promise<string> {
  const authorize = await t.request({
    method: 'GET',
    url: '/api/identity/oauth/authorize',
    query: {
      response_type: 'code',
      client_id: WEB_CLIENT,
      redirect_uri: redirectUri,
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    },
  });
  expect(authorize.statusCode, authorize.body).toBe(302);
  return new URL(authorize.headers.location as string, 'http://x').searchParams.get('interaction') as string;
}

/** The answer to signing in as `login`, through a fresh authorization request, as the sign-in page sends it. */
export async function signInAnswer(t: TestApp, login: string, password = PASSWORD): Promise<LightMyRequestResponse> {
  const interaction = await signInInteraction(t);
  return t.request({ method: 'POST', url: '/api/identity/v1/sign-in', payload: { login, password, interaction } });
}

/** authorize → sealed interaction → sign-in → the code in the redirect. */
export async function authorizationCode(
  t: TestApp,
  login: string,
  challenge: string,
  redirectUri = callbackUrl(t),
  password = PASSWORD,
): Promise<{ code: string; state: string }> {
  const state = randomBytes(12).toString('base64url');
  const interaction = await signInInteraction(t, { challenge, redirectUri, state });
  const signIn = await t.request({
    method: 'POST',
    url: '/api/identity/v1/sign-in',
    payload: { login, password, interaction },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const redirect = new URL(signIn.json().redirectUrl);
  expect(redirect.searchParams.get('state')).toBe(state);
  return { code: redirect.searchParams.get('code') as string, state };
}

export const tokenRequest = (t: TestApp, form: Record<string, string>) =>
  t.request({
    method: 'POST',
    url: '/api/identity/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

/** A minimal cookie jar over inject responses (name → value; deletions honoured). */
export class CookieJar {
  readonly cookies = new Map<string, { value: string; httpOnly: boolean }>();

  take(res: LightMyRequestResponse): this {
    for (const cookie of res.cookies as {
      name: string;
      value: string;
      httpOnly?: boolean;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && cookie.expires.getTime() < Date.now()) ||
        cookie.value === '';
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, { value: cookie.value, httpOnly: cookie.httpOnly === true });
    }
    return this;
  }

  /** As a browser sends them back: the bytes the server set (inject's `cookies` gives the values decoded). */
  header(): string {
    return [...this.cookies].map(([name, { value }]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  }
}
