import { REFRESH_REUSE_GRACE_MS } from '@civitas/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Citizen, createTestApp, type TestApp } from '../support/harness.js';
import { CookieJar, PASSWORD, signUpAndVerify } from '../support/identity-flows.js';

let t: TestApp;
let browser: Citizen;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  browser = { id: (await signUpAndVerify(t, 'browser')).id, username: 'browser' };
});
afterAll(() => t.close());

const origin = () => new URL(t.ctx.config.PUBLIC_URL).origin;

/** The whole browser round trip: /api/auth/login → authorize → sign-in → /api/auth/callback. */
async function browserSignIn(jar: CookieJar, next = '/people/bob?tab=posts') {
  const login = await t.app.inject({ method: 'GET', url: `/api/auth/login?next=${encodeURIComponent(next)}` });
  expect(login.statusCode).toBe(302);
  jar.take(login);
  const authorizeUrl = new URL(login.headers.location as string);
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  const authorize = await t.app.inject({ method: 'GET', url: authorizeUrl.pathname + authorizeUrl.search });
  const signInPage = new URL(authorize.headers.location as string, origin());
  expect(signInPage.pathname).toBe('/sign-in');
  const interaction = signInPage.searchParams.get('interaction') as string;
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/identity/v1/sign-in',
    payload: { login: 'browser', password: PASSWORD, interaction },
  });
  const callback = new URL(signIn.json().redirectUrl);
  const done = await t.app.inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    headers: { cookie: jar.header() },
  });
  jar.take(done);
  return done;
}

describe('the web session (own-origin cookies)', () => {
  it('signs in through PKCE and lands where sign-in started, with tokens only in httpOnly cookies', async () => {
    const jar = new CookieJar();
    const done = await browserSignIn(jar);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/people/bob?tab=posts');
    const names = [...jar.cookies.keys()].sort();
    expect(names).toEqual([
      'civitas_citizen_token',
      'civitas_language',
      'civitas_refresh_token',
      'civitas_session_expires',
      'civitas_username',
    ]);
    expect(jar.cookies.get('civitas_citizen_token')?.httpOnly).toBe(true);
    expect(jar.cookies.get('civitas_refresh_token')?.httpOnly).toBe(true);
    expect(jar.cookies.get('civitas_username')).toEqual({ value: 'browser', httpOnly: false });
    expect(done.headers.location).not.toMatch(/token|code=/);

    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: jar.header() } });
    expect(session.json()).toMatchObject({ kind: 'citizen', username: 'browser' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/influencers/me',
      headers: { cookie: jar.header() },
    });
    expect(me.statusCode).toBe(200);
  });

  it("gives a browser without a language the profile's at sign-in, and keeps one the browser chose", async () => {
    const me = await t.request({ method: 'GET', url: '/api/users/influencers/me', as: browser });
    expect(me.json().language).toBe('en');
    const fresh = await browserSignIn(new CookieJar());
    expect(fresh.cookies).toContainEqual(
      expect.objectContaining({
        name: 'civitas_language',
        value: 'en',
        path: '/',
        maxAge: 365 * 24 * 60 * 60,
        httpOnly: true,
        sameSite: 'Lax',
      }),
    );
    const put = await t.request({
      method: 'PUT',
      url: '/api/users/influencers/me/language',
      as: browser,
      payload: { language: 'hi' },
    });
    expect(put.statusCode, put.body).toBe(204);
    const otherDevice = new CookieJar();
    await browserSignIn(otherDevice);
    expect(otherDevice.cookies.get('civitas_language')).toEqual({ value: 'hi', httpOnly: true });

    const chosenHere = new CookieJar();
    chosenHere.cookies.set('civitas_language', { value: 'it', httpOnly: true });
    const kept = await browserSignIn(chosenHere);
    expect(kept.statusCode).toBe(302);
    expect(kept.cookies.map((cookie) => cookie.name)).not.toContain('civitas_language');
    expect(chosenHere.cookies.get('civitas_language')?.value).toBe('it');
    await t.request({
      method: 'PUT',
      url: '/api/users/influencers/me/language',
      as: browser,
      payload: { language: 'en' },
    });
  });

  it('refuses a callback whose state does not match, and an open redirect in next', async () => {
    const jar = new CookieJar();
    const login = await t.app.inject({ method: 'GET', url: '/api/auth/login?next=//evil.example/x' });
    jar.take(login);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/callback?code=abc&state=forged',
      headers: { cookie: jar.header() },
    });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe('/sign-in?error=state_mismatch');
    const safe = await browserSignIn(new CookieJar(), '//evil.example/x');
    expect(safe.headers.location).toBe('/');
  });

  it('keeps the session a browser has when another site sends it to a failed or forged callback', async () => {
    const jar = new CookieJar();
    await browserSignIn(jar);
    const before = [...jar.cookies.keys()].sort();
    for (const url of [
      '/api/auth/callback',
      '/api/auth/callback?error=access_denied',
      '/api/auth/callback?code=abc&state=x',
    ]) {
      const failed = await t.app.inject({ method: 'GET', url, headers: { cookie: jar.header() } });
      expect(failed.statusCode, url).toBe(302);
      expect(failed.headers.location, url).toMatch(/^\/sign-in\?error=/);
      jar.take(failed);
      expect([...jar.cookies.keys()].sort(), url).toEqual(before);
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: jar.header() } });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ kind: 'citizen' });
  });

  it('lands on "/" when next holds what no Location header can carry, and keeps a percent-encoded path', async () => {
    for (const next of ['/\u0000', '/a\u0007b', '/\u65e5\u672c', '/a b', '/\u007f']) {
      const done = await browserSignIn(new CookieJar(), next);
      expect(done.statusCode, JSON.stringify(next)).toBe(302);
      expect(done.headers.location, JSON.stringify(next)).toBe('/');
      expect(String(done.headers['set-cookie'])).toContain('civitas_citizen_token');
    }
    const encoded = `/hashtags/${encodeURIComponent('\u65e5\u672c')}?tab=posts`;
    expect((await browserSignIn(new CookieJar(), encoded)).headers.location).toBe(encoded);
  });

  it('refuses cookie-authenticated writes from another site (CSRF), allows them from our origin', async () => {
    const jar = new CookieJar();
    await browserSignIn(jar);
    const bob = await t.newCitizen();
    const follow = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/users/influencers/me/follow/${bob.id}`,
        headers: { cookie: jar.header(), ...headers },
      });
    const cross = await follow({ origin: 'https://evil.example' });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().code).toBe('CROSS_SITE_REQUEST');
    expect((await follow({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await follow({ origin: origin(), 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('refreshes by rotating the refresh cookie; a failed refresh answers 401 with where to sign in', async () => {
    const jar = new CookieJar();
    await browserSignIn(jar);
    const oldRefresh = jar.cookies.get('civitas_refresh_token')?.value;
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: jar.header(), origin: origin() },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().expiresAt).toBeGreaterThan(Date.now());
    jar.take(refreshed);
    expect(jar.cookies.get('civitas_refresh_token')?.value).not.toBe(oldRefresh);

    // Replayed after the grace window for racing requests (REFRESH_REUSE_GRACE_MS): a copied token.
    const realNow = t.ctx.now;
    t.ctx.now = () => realNow() + REFRESH_REUSE_GRACE_MS + 1000;
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: `civitas_refresh_token=${oldRefresh}`, origin: origin() },
      payload: { next: '/settings' },
    });
    t.ctx.now = realNow;
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json()).toMatchObject({ error: 'Unauthorized', redirectUrl: '/api/auth/login?next=%2Fsettings' });
    // Reuse revoked the family: the rightful browser's refresh fails too.
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: jar.header(), origin: origin() },
    });
    expect(after.statusCode).toBe(401);
  });

  it('logs out: revokes the refresh family and clears every cookie', async () => {
    const jar = new CookieJar();
    await browserSignIn(jar);
    const refreshToken = jar.cookies.get('civitas_refresh_token')?.value;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: jar.header(), origin: origin() },
    });
    expect(out.statusCode).toBe(204);
    jar.take(out);
    // The language this browser shows is the device's, not the session's: it stays for the signed-out pages.
    expect([...jar.cookies.keys()]).toEqual(['civitas_language']);
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: `civitas_refresh_token=${refreshToken}`, origin: origin() },
    });
    expect(reuse.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: jar.header() } })).json(),
    ).toEqual({ kind: 'none' });
  });

  it('gives guests a read-only token cookie that keeps its guestId on renewal', async () => {
    const jar = new CookieJar();
    const first = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-guest', headers: { origin: origin() } });
    jar.take(first);
    expect(jar.cookies.get('civitas_guest_token')?.httpOnly).toBe(true);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-guest',
      headers: { cookie: jar.header(), origin: origin() },
    });
    expect(again.json().guestId).toBe(first.json().guestId);
    jar.take(again);
    const stage = await t.app.inject({
      method: 'GET',
      url: '/api/content/v9/feed/eight-stage?country=GB',
      headers: { cookie: jar.header() },
    });
    expect(stage.statusCode).toBe(200);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/users/v7/creators-content',
      headers: { cookie: jar.header(), origin: origin() },
      payload: { mediaType: 'image', sharingOptions: 'public' },
    });
    expect(write.statusCode).toBe(403);
  });
});
