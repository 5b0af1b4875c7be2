import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../support/answers.js';
import { paths } from '../support/calls.js';
import { createTestApp, guest, machine, type TestApp, unknownId } from '../support/harness.js';
import { PASSWORD } from '../support/identity-flows.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => t.close());

const url = '/api/users/influencers/me/language';
const setLanguage = (as: Parameters<TestApp['request']>[0]['as'], payload: unknown) =>
  t.request({ method: 'PUT', url, as, payload: payload as Record<string, unknown> });
const myLanguage = async (as: Parameters<TestApp['request']>[0]['as']) =>
  expectOk(await t.request({ method: 'GET', url: paths.me, as })).language;

describe('PUT /influencers/me/language', () => {
  it('saves my language to my profile, where my profile shows it', async () => {
    expect(await myLanguage('heidi')).toBe('en');
    const res = await setLanguage('heidi', { language: 'de' });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await myLanguage('heidi')).toBe('de');
    expect(await myLanguage('alice')).toBe('en');
    expect((await setLanguage('heidi', { language: 'de' })).statusCode).toBe(204);
  });

  it('writes my later emails in it: a password reset, a fresh verification code', async () => {
    await setLanguage('bob', { language: 'it' });
    const reset = await t.request({
      method: 'POST',
      url: '/api/identity/v1/password-reset',
      payload: { email: 'bob@example.com' },
    });
    expect(reset.statusCode, reset.body).toBe(202);
    const [resetMail] = await t.ctx.mailer.outbox('bob@example.com');
    expect(resetMail?.subject).toBe('Reimposta la password di Civitas');
    expect(resetMail?.text).toMatch(/\/reset-password\?displayLanguage=it#token=/);

    const email = 'unverified@example.org';
    const signUp = await t.request({
      method: 'POST',
      url: '/api/identity/v1/accounts',
      payload: { email, username: 'unverified', displayName: 'U', password: PASSWORD, language: 'en' },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    expect((await t.ctx.mailer.outbox(email))[0]?.subject).toMatch(/^Your Civitas code: \d{6}$/);
    const citizen = { id: signUp.json().influencerId as string, username: 'unverified' };
    expect((await setLanguage(citizen, { language: 'fr' })).statusCode).toBe(204);
    const resend = await t.request({
      method: 'POST',
      url: '/api/identity/v1/accounts/resend-verification',
      payload: { email },
    });
    expect(resend.statusCode, resend.body).toBe(202);
    expect((await t.ctx.mailer.outbox(email))[0]?.subject).toMatch(/^Votre code Civitas : \d{6}$/);
  });

  it('refuses a language we do not have, naming the six', async () => {
    for (const payload of [{ language: 'xx' }, { language: 'DE' }, { language: 'de-CH' }, { language: 7 }, {}]) {
      const res = await setLanguage('carol', payload);
      expectError(res, 400);
      const body = res.json();
      expect(JSON.stringify(body)).toContain('en, de, es, fr, hi, it');
      expect(body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.language' })]));
    }
    expectError(await t.request({ method: 'PUT', url, as: 'carol' }), 400);
    expect(await myLanguage('carol')).toBe('de');
  });

  it('is for citizens only, and a session whose account is gone is refused', async () => {
    expectError(await setLanguage(undefined, { language: 'de' }), 401);
    expectError(await setLanguage(guest, { language: 'de' }), 403, 'WRONG_IDENTITY');
    expectError(await setLanguage(machine('users'), { language: 'de' }), 403, 'WRONG_IDENTITY');
    const gone = { id: unknownId, username: 'gone' };
    expectError(await setLanguage(gone, { language: 'de' }), 401);
  });
});
