import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepPendingAccounts } from '../../src/domains/identity/sweep-pending-accounts.js';
import { paths } from '../support/calls.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { latestCode, PASSWORD, signInAnswer, signUpAndVerify, verifyEmail } from '../support/identity-flows.js';

/**
 * ADR 053: an account is pending until its email is confirmed, seen by nobody else, and removed when its time runs
 * out. A sign-up with an email that already has an account makes the same pending account, without the email, so
 * nothing a caller can observe afterwards tells whether the email was known.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', CODE_GUESSES_PER_DAY: '3' } });
});
afterAll(() => t.close());

const signUp = (email: string, username: string) =>
  t.request({
    method: 'POST',
    url: '/api/identity/v1/accounts',
    payload: { email, username, displayName: `Probe ${username}`, password: PASSWORD },
  });

/** Everything a caller without the mailbox can see of a signed-up account, in the order they would look. */
async function observe(username: string, id: string) {
  const again = await signUp(`other.${username}@example.org`, username);
  const signedIn = await signInAnswer(t, username);
  const guesses = [];
  for (let guess = 0; guess < 4; guess++) guesses.push((await verifyEmail(t, id, '000000')).statusCode);
  const profile = await t.request({ method: 'GET', url: paths.profile(username), as: 'alice' });
  return {
    usernameTakenAgain: [again.statusCode, again.json().code],
    signIn: [signedIn.statusCode, signedIn.json().code],
    guesses,
    profile: profile.statusCode,
  };
}

describe('a sign-up with an email that has an account', () => {
  it('is answered, and then behaves, exactly like one with a new email', async () => {
    await signUpAndVerify(t, 'owner');
    const known = await signUp('owner@example.org', 'probe_known');
    const fresh = await signUp('fresh@example.org', 'probe_fresh');
    expect([known.statusCode, fresh.statusCode]).toEqual([201, 201]);
    expect(Object.keys(known.json())).toEqual(Object.keys(fresh.json()));

    const seenKnown = await observe('probe_known', known.json().influencerId);
    const seenFresh = await observe('probe_fresh', fresh.json().influencerId);
    expect(seenKnown).toEqual(seenFresh);
    expect(seenFresh).toEqual({
      usernameTakenAgain: [409, 'USERNAME_TAKEN'],
      signIn: [403, 'EMAIL_NOT_VERIFIED'],
      guesses: [400, 400, 400, 429],
      profile: 404,
    });
    // Only the mailboxes differ: the owner is told, the new address gets its code.
    expect((await t.ctx.mailer.outbox('owner@example.org'))[0]?.subject).toContain('someone tried to sign up');
    expect(await latestCode(t, 'fresh@example.org')).toMatch(/^\d{6}$/);
  });

  it('tells the owner in their own language', async () => {
    const owner = await signUpAndVerify(t, 'besitzerin');
    await t.ctx.db.updateTable('citizens').set({ language: 'de' }).where('id', '=', owner.id).execute();
    await signUp(owner.email, 'probe_de');
    const [notice] = await t.ctx.mailer.outbox(owner.email);
    expect(notice?.subject).toBe('Civitas: Jemand wollte sich mit deiner E-Mail-Adresse registrieren');
  });
});

describe('a pending account', () => {
  it('is seen by nobody until its email is confirmed, then by everyone', async () => {
    const id = (await signUp('hidden.ana@example.org', 'hidden_ana')).json().influencerId as string;
    const search = async () =>
      (await t.request({ method: 'GET', url: '/api/graphs/v3/citizens/search-mention/hidden_', as: 'alice' })).json()
        .data as { username: string }[];
    const post = (payload: Record<string, unknown>) =>
      t.request({
        method: 'POST',
        url: '/api/users/v7/creators-content',
        as: 'alice',
        payload: { mediaType: 'image', sharingOptions: 'public', ...payload },
      });

    expect((await t.request({ method: 'GET', url: paths.profile('hidden_ana'), as: 'alice' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: paths.citizenOverview(id), as: 'alice' })).statusCode).toBe(404);
    expect(await search()).toEqual([]);
    expect((await t.request({ method: 'POST', url: paths.follow(id), as: 'alice' })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: paths.friendRequest(id), as: 'alice' })).statusCode).toBe(404);
    expect((await post({ mentionRequest: [id] })).json()).toMatchObject({ code: 'UNKNOWN_MENTION' });
    expect((await post({ caption: 'hello @hidden_ana' })).json().caption.mentions).toEqual([]);

    expect((await verifyEmail(t, id, await latestCode(t, 'hidden.ana@example.org'))).json()).toEqual({
      verified: true,
    });
    expect((await t.request({ method: 'GET', url: paths.profile('hidden_ana'), as: 'alice' })).statusCode).toBe(200);
    expect((await search()).map((person) => person.username)).toEqual(['hidden_ana']);
    expect((await t.request({ method: 'POST', url: paths.follow(id), as: 'alice' })).statusCode).toBe(200);
    expect((await post({ caption: 'hello @hidden_ana' })).json().caption.mentions).toMatchObject([
      { username: 'hidden_ana' },
    ]);
  });

  it('is removed when its time runs out, freeing its username and email; confirmed accounts stay', async () => {
    const confirmed = await signUpAndVerify(t, 'kept_one');
    const lateId = (await signUp('late.bo@example.org', 'late_bo')).json().influencerId as string;
    const decoyId = (await signUp(confirmed.email, 'late_decoy')).json().influencerId as string;
    const exists = async (id: string) =>
      (await t.ctx.db.selectFrom('citizens').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

    expect(await sweepPendingAccounts(t.ctx)).toBe(0);
    const realNow = t.ctx.now;
    t.ctx.now = () => realNow() + (48 * 60 + 1) * 60_000;
    try {
      expect(await sweepPendingAccounts(t.ctx)).toBeGreaterThanOrEqual(2);
    } finally {
      t.ctx.now = realNow;
    }
    expect([await exists(lateId), await exists(decoyId), await exists(confirmed.id)]).toEqual([false, false, true]);

    const again = await signUp('late.bo@example.org', 'late_bo');
    expect(again.statusCode).toBe(201);
    expect((await t.ctx.mailer.outbox('late.bo@example.org'))[0]?.subject).toMatch(/^Your Civitas code: \d{6}$/);
    expect((await signUp('someone.else@example.org', 'late_decoy')).statusCode).toBe(201);
  });
});
