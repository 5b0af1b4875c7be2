import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CODE_ATTEMPTS } from '../../src/domains/identity/email-codes.js';
import { createTestApp, type TestApp } from '../harness.js';
import { latestCode, PASSWORD, signUpAndVerify } from './flows.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => t.close());

const signUp = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/identity/v1/accounts', payload });
const verify = (influencerId: string, otpCode: string) =>
  t.request({
    method: 'POST',
    url: '/api/users/influencers/verify-influencer-email',
    payload: { influencerId, otpCode },
  });

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
    expect((await verify(sameEmail.json().influencerId, '123456')).json().code).toBe('INVALID_CODE');
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
      expect((await verify(id, wrong)).statusCode).toBe(400);
    expect((await verify(id, code)).json().code).toBe('INVALID_CODE');

    await t.request({
      method: 'POST',
      url: '/api/identity/v1/accounts/resend-verification',
      payload: { email: 'tries@example.org' },
    });
    const fresh = await latestCode(t, 'tries@example.org');
    const realNow = t.ctx.now;
    t.ctx.now = () => realNow() + 16 * 60_000;
    try {
      expect((await verify(id, fresh)).statusCode).toBe(400);
    } finally {
      t.ctx.now = realNow;
    }
    await t.request({
      method: 'POST',
      url: '/api/identity/v1/accounts/resend-verification',
      payload: { email: 'tries@example.org' },
    });
    expect((await verify(id, await latestCode(t, 'tries@example.org'))).json()).toEqual({ verified: true });
  });
});

describe('password reset', () => {
  it('answers the same for unknown emails, and a valid code sets the new password', async () => {
    const unknown = await t.request({
      method: 'POST',
      url: '/api/identity/v1/password-reset',
      payload: { email: 'ghost@example.org' },
    });
    expect(unknown.statusCode).toBe(202);
    expect(await t.ctx.mailer.outbox('ghost@example.org')).toEqual([]);

    const { id } = await signUpAndVerify(t, 'forgetful');
    const before = (
      await t.ctx.db.selectFrom('citizens').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()
    ).password_hash;
    const asked = await t.request({
      method: 'POST',
      url: '/api/identity/v1/password-reset',
      payload: { email: 'forgetful@example.org' },
    });
    expect(asked.statusCode).toBe(202);
    const code = await latestCode(t, 'forgetful@example.org');
    const confirm = (otpCode: string) =>
      t.request({
        method: 'POST',
        url: '/api/identity/v1/password-reset/confirm',
        payload: { email: 'forgetful@example.org', otpCode, newPassword: 'a brand new passphrase' },
      });
    expect((await confirm(code === '999999' ? '999998' : '999999')).statusCode).toBe(400);
    expect((await confirm(code)).json()).toEqual({ reset: true });
    const after = (
      await t.ctx.db.selectFrom('citizens').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()
    ).password_hash;
    expect(after).not.toBe(before);
    expect((await confirm(code)).statusCode).toBe(400);
  });

  it('gives an account 20 code guesses a day, however many codes are sent; then even the right code waits', async () => {
    await signUpAndVerify(t, 'guessed');
    const email = 'guessed@example.org';
    const ask = () => t.request({ method: 'POST', url: '/api/identity/v1/password-reset', payload: { email } });
    const confirm = (otpCode: string) =>
      t.request({
        method: 'POST',
        url: '/api/identity/v1/password-reset/confirm',
        payload: { email, otpCode, newPassword: 'an attacker would like this' },
      });
    // Four codes of five wrong guesses each: every code burnt, 20 guesses spent.
    for (let code = 0; code < 4; code++) {
      expect((await ask()).statusCode).toBe(202);
      const right = await latestCode(t, email);
      const wrong = right === '000000' ? '111111' : '000000';
      for (let guess = 0; guess < MAX_CODE_ATTEMPTS; guess++) expect((await confirm(wrong)).statusCode).toBe(400);
    }
    expect((await ask()).statusCode).toBe(202);
    const refused = await confirm(await latestCode(t, email));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_CODE_ATTEMPTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
  });

  it('mails an account at most 5 codes an hour, answering alike past that', async () => {
    await signUpAndVerify(t, 'flooded');
    const email = 'flooded@example.org';
    const before = (await t.ctx.mailer.outbox(email)).length;
    for (let request = 0; request < 8; request++) {
      const asked = await t.request({ method: 'POST', url: '/api/identity/v1/password-reset', payload: { email } });
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
