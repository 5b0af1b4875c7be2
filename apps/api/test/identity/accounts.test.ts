import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CODE_ATTEMPTS } from '../../src/domains/identity/email-codes.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import {
  askPasswordReset,
  authorizationCode,
  callbackUrl,
  latestCode,
  latestResetLink,
  PASSWORD,
  pkcePair,
  signUpAndVerify,
  tokenRequest,
  verifyEmail,
  WEB_CLIENT,
} from '../support/identity-flows.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => t.close());

const signUp = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/identity/v1/accounts', payload });

describe('sign-up and email verification', () => {
  it('stores an argon2id hash, never the password, and mails a code in the chosen language', async () => {
    const res = await signUp({
      email: 'Ana@Example.org',
      username: 'ana_de',
      displayName: 'Ana',
      password: PASSWORD,
      language: 'de',
    });
    expect(res.statusCode).toBe(201);
    const row = await t.ctx.db
      .selectFrom('citizens')
      .selectAll()
      .where('id', '=', res.json().influencerId)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.email_key).toBe('ana@example.org');
    expect(row.email_verified_at).toBeNull();
    const [mail] = await t.ctx.mailer.outbox('ana@example.org');
    expect(mail?.subject).toMatch(/^Dein Civitas-Code: \d{6}$/);
  });

  it('says plainly that a username is taken, but answers a known email exactly like a new one', async () => {
    await signUpAndVerify(t, 'known');
    const taken = await signUp({ email: 'other@example.org', username: 'KNOWN', displayName: 'X', password: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('USERNAME_TAKEN');
    const sameEmail = await signUp({
      email: 'known@example.org',
      username: 'someone_new',
      displayName: 'X',
      password: PASSWORD,
    });
    expect(sameEmail.statusCode).toBe(201);
    expect(Object.keys(sameEmail.json())).toEqual(['influencerId']);
    expect((await t.ctx.mailer.outbox('known@example.org'))[0]?.subject).toContain('someone tried to sign up');
    expect((await verifyEmail(t, sameEmail.json().influencerId, '123456')).json().code).toBe('INVALID_CODE');
  });

  it('rejects weak or malformed input with field details', async () => {
    const res = await signUp({ email: 'nope', username: 'a b', displayName: '', password: 'short' });
    expect(res.statusCode).toBe(400);
    const paths = res.json().details.map((detail: { path: string }) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['body.email', 'body.username', 'body.displayName', 'body.password']));
  });

  it('burns a code after the attempt limit, and refuses expired codes', async () => {
    const res = await signUp({
      email: 'tries@example.org',
      username: 'tries',
      displayName: 'Tries',
      password: PASSWORD,
    });
    const id = res.json().influencerId as string;
    const code = await latestCode(t, 'tries@example.org');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++)
      expect((await verifyEmail(t, id, wrong)).statusCode).toBe(400);
    expect((await verifyEmail(t, id, code)).json().code).toBe('INVALID_CODE');

    await t.request({
      method: 'POST',
      url: '/api/identity/v1/accounts/resend-verification',
      payload: { email: 'tries@example.org' },
    });
    const fresh = await latestCode(t, 'tries@example.org');
    const realNow = t.ctx.now;
    t.ctx.now = () => realNow() + 16 * 60_000;
    try {
      expect((await verifyEmail(t, id, fresh)).statusCode).toBe(400);
    } finally {
      t.ctx.now = realNow;
    }
    await t.request({
      method: 'POST',
      url: '/api/identity/v1/accounts/resend-verification',
      payload: { email: 'tries@example.org' },
    });
    expect((await verifyEmail(t, id, await latestCode(t, 'tries@example.org'))).json()).toEqual({ verified: true });
  });
});

describe('password reset', () => {
  const confirm = (token: string, newPassword = 'a brand new passphrase') =>
    t.request({ method: 'POST', url: '/api/identity/v1/password-reset/confirm', payload: { token, newPassword } });
  const passwordHash = async (id: string) =>
    (await t.ctx.db.selectFrom('citizens').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
      .password_hash;
  /** The same account's id with other random bytes: a token of the right shape that was never sent. */
  const forged = (token: string) => `${token.split('.')[0]}.${'A'.repeat(43)}`;

  it('answers the same for unknown emails, and the emailed link sets the new password once', async () => {
    const unknown = await askPasswordReset(t, 'ghost@example.org');
    expect(unknown.statusCode).toBe(202);
    expect(await t.ctx.mailer.outbox('ghost@example.org')).toEqual([]);

    const { id, email } = await signUpAndVerify(t, 'forgetful');
    const before = await passwordHash(id);
    expect((await askPasswordReset(t, email)).statusCode).toBe(202);
    const { link, token } = await latestResetLink(t, email);
    expect(link.origin).toBe(new URL(t.ctx.config.PUBLIC_URL).origin);
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('displayLanguage')).toBe('en');
    expect(token.startsWith(`${id}.`)).toBe(true);

    const wrong = await confirm(forged(token));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_RESET_LINK' });
    expect(await passwordHash(id)).toBe(before);
    expect((await confirm(token)).json()).toEqual({ reset: true });
    expect(await passwordHash(id)).not.toBe(before);
    expect((await confirm(token)).json()).toMatchObject({ code: 'INVALID_RESET_LINK' });
  });

  it('mails the link in the account’s language', async () => {
    await signUp({
      email: 'lena@example.org',
      username: 'lena',
      displayName: 'Lena',
      password: PASSWORD,
      language: 'de',
    });
    await askPasswordReset(t, 'lena@example.org');
    const [mail] = await t.ctx.mailer.outbox('lena@example.org');
    expect(mail?.subject).toBe('Civitas-Passwort zurücksetzen');
    expect(mail?.text).toContain('innerhalb von 60 Minuten');
    expect((await latestResetLink(t, 'lena@example.org')).link.searchParams.get('displayLanguage')).toBe('de');
  });

  it('signs the account out everywhere', async () => {
    const { email } = await signUpAndVerify(t, 'stolen');
    const { verifier, challenge } = pkcePair();
    const { code } = await authorizationCode(t, 'stolen', challenge);
    const tokens = (
      await tokenRequest(t, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: callbackUrl(t),
        client_id: WEB_CLIENT,
        code_verifier: verifier,
      })
    ).json();
    const me = (accessToken: string) => t.request({ method: 'GET', url: '/api/users/influencers/me', as: accessToken });
    expect((await me(tokens.access_token)).statusCode).toBe(200);
    // A token issued in an earlier second than the reset, as any token in use is.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
    await askPasswordReset(t, email);
    expect((await confirm((await latestResetLink(t, email)).token)).statusCode).toBe(200);
    const refresh = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: WEB_CLIENT,
    });
    expect(refresh.statusCode).toBe(400);
    // Not in fifteen minutes, when the access token would expire: now.
    expect((await me(tokens.access_token)).statusCode).toBe(401);

    // Signing in again at once works, with the new password.
    const again = pkcePair();
    const { code: fresh } = await authorizationCode(t, 'stolen', again.challenge, undefined, 'a brand new passphrase');
    const renewed = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code: fresh,
      redirect_uri: callbackUrl(t),
      client_id: WEB_CLIENT,
      code_verifier: again.verifier,
    });
    expect((await me(renewed.json().access_token)).statusCode).toBe(200);
  });

  it('lets no one use up an account’s resets: a hundred wrong tokens later, the emailed link still works', async () => {
    const { id, email } = await signUpAndVerify(t, 'targeted');
    await askPasswordReset(t, email);
    const { token } = await latestResetLink(t, email);
    const before = await passwordHash(id);
    for (let guess = 0; guess < 100; guess++) expect((await confirm(forged(token))).statusCode).toBe(400);
    expect((await confirm(token)).json()).toEqual({ reset: true });
    expect(await passwordHash(id)).not.toBe(before);
  });

  it('opens with the newest link only, for an hour, and says what to do with a link cut short', async () => {
    const { email } = await signUpAndVerify(t, 'slowreader');
    await askPasswordReset(t, email);
    const first = (await latestResetLink(t, email)).token;
    await askPasswordReset(t, email);
    const second = (await latestResetLink(t, email)).token;
    expect((await confirm(first)).json()).toMatchObject({ code: 'INVALID_RESET_LINK' });

    const realNow = t.ctx.now;
    t.ctx.now = () => realNow() + 61 * 60_000;
    try {
      expect((await confirm(second)).json()).toMatchObject({ code: 'INVALID_RESET_LINK' });
    } finally {
      t.ctx.now = realNow;
    }

    const cut = await confirm(second.slice(0, -5));
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(cut.json().details[0]).toMatchObject({ path: 'body.token', message: expect.stringContaining('reset link') });
  });

  it('sets one password when the same link is sent twice at once', async () => {
    const { id, email } = await signUpAndVerify(t, 'doubleclick');
    await askPasswordReset(t, email);
    const { token } = await latestResetLink(t, email);
    const answers = await Promise.all([
      confirm(token, 'first passphrase here'),
      confirm(token, 'second passphrase here'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await passwordHash(id)).toMatch(/^\$argon2id\$/);
  });

  it('gives an account 20 verification code guesses a day, however many codes are sent; then even the right code waits', async () => {
    const email = 'guessed@example.org';
    const id = (await signUp({ email, username: 'guessed', displayName: 'Guessed', password: PASSWORD })).json()
      .influencerId as string;
    const resend = () =>
      t.request({ method: 'POST', url: '/api/identity/v1/accounts/resend-verification', payload: { email } });
    // Four codes of five wrong guesses each: every code burnt, 20 guesses spent.
    for (let code = 0; code < 4; code++) {
      if (code > 0) expect((await resend()).statusCode).toBe(202);
      const right = await latestCode(t, email);
      const wrong = right === '000000' ? '111111' : '000000';
      for (let guess = 0; guess < MAX_CODE_ATTEMPTS; guess++)
        expect((await verifyEmail(t, id, wrong)).statusCode).toBe(400);
    }
    expect((await resend()).statusCode).toBe(202);
    const refused = await verifyEmail(t, id, await latestCode(t, email));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_CODE_ATTEMPTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
  });

  it('mails an account at most 5 codes an hour, answering alike past that', async () => {
    await signUpAndVerify(t, 'flooded');
    const email = 'flooded@example.org';
    const before = (await t.ctx.mailer.outbox(email)).length;
    for (let request = 0; request < 8; request++) {
      const asked = await askPasswordReset(t, email);
      expect(asked.statusCode).toBe(202);
      expect(asked.json()).toEqual({ accepted: true });
    }
    expect((await t.ctx.mailer.outbox(email)).length - before).toBe(5);
  });

  it('tells an address that someone tried to sign up with it at most 5 times an hour', async () => {
    await signUpAndVerify(t, 'noticed');
    const email = 'noticed@example.org';
    const before = (await t.ctx.mailer.outbox(email)).length;
    for (let attempt = 0; attempt < 7; attempt++) {
      const again = await signUp({ email, username: `noticed${attempt}`, displayName: 'Again', password: PASSWORD });
      expect(again.statusCode).toBe(201);
    }
    const notices = (await t.ctx.mailer.outbox(email)).slice(0, (await t.ctx.mailer.outbox(email)).length - before);
    expect(notices).toHaveLength(5);
    expect(notices.every((mail) => mail.subject.includes('someone tried to sign up'))).toBe(true);
  });
});

describe('the development mailbox', () => {
  it('is served at this machine’s address, and is no route at all at a public one', async () => {
    await signUpAndVerify(t, 'mailboxed');
    const here = await t.request({ method: 'GET', url: '/api/identity/dev/mailbox?to=mailboxed@example.org' });
    expect(here.statusCode).toBe(200);
    expect(here.json().data.length).toBeGreaterThan(0);
    // Listening on every interface with a PUBLIC_URL of this machine: a caller on the network is told nothing.
    const fromNetwork = await t.app.inject({
      method: 'GET',
      url: '/api/identity/dev/mailbox',
      remoteAddress: '192.168.1.7',
    });
    expect(fromNetwork.statusCode).toBe(404);
    const published = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://civitas.example.org' } });
    try {
      const there = await published.request({ method: 'GET', url: '/api/identity/dev/mailbox' });
      expect(there.statusCode).toBe(404);
    } finally {
      await published.close();
    }
  });
});
