import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/db/ids.js';
import { expectError, expectOk } from '../support/answers.js';
import { paths } from '../support/calls.js';
import { createTestApp, guest, machine, type TestApp } from '../support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = '/api/users/influencers/me/profile';
type As = Parameters<TestApp['request']>[0]['as'];
const saveProfile = (as: As, payload: unknown) =>
  t.request({ method: 'PUT', url, as, payload: payload as Record<string, unknown> });
const me = async (as: As) => expectOk(await t.request({ method: 'GET', url: paths.me, as }));

describe('PUT /influencers/me/profile', () => {
  it('saves my name and bio, answers my profile as saved, and everyone sees them at once', async () => {
    const post = await t.newPost({ authorId: t.world.citizens.erin.id, caption: 'Sunday market' });
    const postUrl = `/api/content/v1/creators-content/${post}`;
    // Read once before the change: a post's text is remembered per version, and the author is part of it.
    expect(expectOk(await t.request({ method: 'GET', url: postUrl, as: 'alice' })).author.displayName).toBe(
      'Erin Estrada',
    );

    const search = async (keyword: string) =>
      expectOk(
        await t.request({ method: 'GET', url: `/api/graphs/v3/citizens/search-mention/${keyword}`, as: 'alice' }),
      ).data.map((person: { username: string }) => person.username);
    expect(await search('estrada')).toContain('erin');

    const saved = expectOk(await saveProfile('erin', { displayName: 'Erin Everywhere', bio: 'Maps.\nMarkets.' }));
    expect(saved).toMatchObject({
      id: t.world.citizens.erin.id,
      username: 'erin',
      displayName: 'Erin Everywhere',
      bio: 'Maps.\nMarkets.',
    });
    expect(await me('erin')).toEqual(saved);

    const seen = expectOk(await t.request({ method: 'GET', url: paths.profile('erin'), as: 'alice' }));
    expect(seen).toMatchObject({ displayName: 'Erin Everywhere', bio: 'Maps.\nMarkets.' });
    expect(expectOk(await t.request({ method: 'GET', url: postUrl, as: 'alice' })).author.displayName).toBe(
      'Erin Everywhere',
    );
    // People find me by the new name, and no longer by the old one.
    expect(await search('everywhere')).toContain('erin');
    expect(await search('estrada')).not.toContain('erin');
  });

  it('keeps text as people type it: trimmed, composed, line breaks as \\n; an empty bio is allowed', async () => {
    const saved = expectOk(
      await saveProfile('frank', { displayName: '  Zoe\u0308 Frank\u00ad ', bio: '  line one\r\nline two  ' }),
    );
    expect(saved.displayName).toBe('Zoë Frank');
    expect(saved.displayName).toHaveLength(9);
    expect(saved.bio).toBe('line one\nline two');
    expect(expectOk(await saveProfile('frank', { displayName: 'Frank', bio: '' })).bio).toBe('');
    expect(await me('frank')).toMatchObject({ displayName: 'Frank', bio: '' });
  });

  it('refuses what a name or bio may not hold, saying which field and why, and changes nothing', async () => {
    const before = await me('grace');
    const refusals: [unknown, string][] = [
      [{ displayName: '   ', bio: '' }, 'body.displayName displayName must not be empty'],
      [{ displayName: '\u200b\u200b\u200b', bio: '' }, 'body.displayName displayName must not be empty'],
      [{ displayName: '\u3164', bio: '' }, 'body.displayName displayName must not be empty'],
      [{ displayName: 'x'.repeat(61), bio: '' }, 'body.displayName displayName must be at most 60 characters'],
      [{ displayName: 'Gr\u0000ace', bio: '' }, 'body.displayName displayName must not contain control characters'],
      [{ displayName: 'Grace\nHopper', bio: '' }, 'body.displayName displayName must be a single line'],
      [{ displayName: 'Grace', bio: 'b'.repeat(301) }, 'body.bio bio must be at most 300 characters'],
      [{ displayName: 'Grace', bio: 'evil\u202Etxt.exe' }, 'body.bio bio must not contain bidirectional override'],
      [{ displayName: 'Grace' }, 'body.bio'],
      [{ displayName: 7, bio: '' }, 'body.displayName'],
    ];
    for (const [payload, message] of refusals) {
      const res = await saveProfile('grace', payload);
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(res.json().message).toContain(message);
    }
    expect(await me('grace')).toEqual(before);
  });

  it('counts a bio as a person counts characters: 300 emoji fit, 301 do not', async () => {
    const hands = '👍🏽'.repeat(300);
    expect(expectOk(await saveProfile('heidi', { displayName: 'Heidi', bio: hands })).bio).toBe(hands);
    expectError(await saveProfile('heidi', { displayName: 'Heidi', bio: `${hands}👍🏽` }), 400, 'VALIDATION_FAILED');
  });

  it('is mine alone: guests, machines, no token and an account that is gone are refused', async () => {
    const body = { displayName: 'Someone Else', bio: '' };
    expectError(await saveProfile(undefined, body), 401);
    expectError(await saveProfile(guest, body), 403);
    expectError(await saveProfile(machine('users'), body), 403);
    const ghost = { kind: 'citizen' as const, citizenId: newId(), username: 'ghost' };
    expectError(await saveProfile(ghost, body), 401, 'UNAUTHORIZED');
    expect((await me('alice')).displayName).toBe('Alice Archer');
  });
});
