import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../../src/cli/commands/moderation.js';
import { createTestApp, type TestApp } from '../support/harness.js';

// Text with U+0000 and other controls once answered 500 on PostgreSQL (its text type cannot hold U+0000) and
// was stored as sent on SQLite. Every one of these calls must now answer 400 naming the field, on both.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const expectRefused = (res: { statusCode: number; json(): unknown }, field: string) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining(field) });
};

describe('hostile text', () => {
  it('is refused with a 400 naming the field on each call that takes a person’s words', async () => {
    const post = await t.newPost({ authorId: t.world.citizens.alice.id, caption: 'clean' });
    expectRefused(
      await t.request({
        method: 'POST',
        url: '/api/users/v7/creators-content',
        as: 'alice',
        payload: { mediaType: 'image', sharingOptions: 'public', caption: 'bad\u0000caption' },
      }),
      'caption',
    );
    expectRefused(
      await t.request({
        method: 'POST',
        url: `/api/users/creators-content/${post}/caption`,
        as: 'alice',
        payload: { caption: 'edit\u0000ed' },
      }),
      'caption',
    );
    expectRefused(
      await t.request({ method: 'GET', url: '/api/graphs/v3/citizens/search-mention/al%00ice', as: 'alice' }),
      'keyword',
    );
    expectRefused(await t.request({ method: 'GET', url: '/api/users/hashtags?search=land%00', as: 'alice' }), 'search');
    expectRefused(
      await t.request({
        method: 'POST',
        url: '/api/identity/v1/accounts',
        payload: {
          email: 'nul@example.org',
          username: 'nul_user',
          displayName: 'Nul\u0000Person',
          password: 'a long enough password',
        },
      }),
      'displayName',
    );
    expectRefused(
      await t.request({
        method: 'POST',
        url: '/api/identity/machine/token',
        payload: { clientId: 'web\u0000', clientSecret: 'x', scopes: ['content'] },
      }),
      'clientId',
    );
    // A report's note, and a moderator's (ADR 070).
    expectRefused(
      await t.request({
        method: 'POST',
        url: '/api/moderation/v1/reports',
        as: 'bob',
        payload: { subject: { kind: 'post', id: post }, reason: 'spam', note: 'no\u0000te' },
      }),
      'note',
    );
    await grantRole(t.ctx, 'carol', 'moderator');
    const filed = await t.request({
      method: 'POST',
      url: '/api/moderation/v1/reports',
      as: 'bob',
      payload: { subject: { kind: 'post', id: post }, reason: 'spam', note: `A\u0301 ${'\u0301'.repeat(9_000)}` },
    });
    expectRefused(filed, 'note');
    const clean = await t.request({
      method: 'POST',
      url: '/api/moderation/v1/reports',
      as: 'bob',
      payload: { subject: { kind: 'post', id: post }, reason: 'spam', note: 'Cafe\u0301' },
    });
    expect(clean.statusCode, clean.body).toBe(201);
    expect(clean.json().note).toBe('Café');
    expectRefused(
      await t.request({
        method: 'POST',
        url: `/api/moderation/v1/reports/${clean.json().id}/decision`,
        as: 'carol',
        payload: { action: 'dismiss', note: 'see \u202Egnp.exe' },
      }),
      'note',
    );
  });

  it('refuses bidirectional overrides in a caption and stores captions in NFC', async () => {
    expectRefused(
      await t.request({
        method: 'POST',
        url: '/api/users/v7/creators-content',
        as: 'bob',
        payload: { mediaType: 'image', sharingOptions: 'public', caption: 'see \u202Egnp.exe' },
      }),
      'caption',
    );
    const created = await t.request({
      method: 'POST',
      url: '/api/users/v7/creators-content',
      as: 'bob',
      payload: { mediaType: 'image', sharingOptions: 'public', caption: 'Cafe\u0301\r\nsecond line' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().caption.content).toBe('Café\nsecond line');
  });

  it('refuses a short text built of many marks (one "character" of 20,000 combining marks) on both databases', async () => {
    // Counted as one character, it would be 40 KB in every view of its author, and past PostgreSQL's index rows.
    const markBomb = `A${'\u0301\u0302\u0303\u0304'.repeat(5_000)}`;
    const signUp = (email: string, username: string) =>
      t.request({
        method: 'POST',
        url: '/api/identity/v1/accounts',
        payload: { email, username, displayName: markBomb, password: 'a long enough password' },
      });
    // Known email and new email alike: refused before either path is taken.
    expectRefused(await signUp('alice@example.com', 'marks_known'), 'displayName');
    expectRefused(await signUp('marks@example.org', 'marks_new'), 'displayName');
    expectRefused(
      await t.request({
        method: 'PUT',
        url: '/api/users/influencers/me/profile',
        as: 'carol',
        payload: { displayName: markBomb, bio: '' },
      }),
      'displayName',
    );
    expectRefused(
      await t.request({
        method: 'POST',
        url: '/api/users/v7/creators-content',
        as: 'carol',
        payload: { mediaType: 'image', sharingOptions: 'public', caption: `${markBomb}${markBomb}` },
      }),
      'caption',
    );
    // Real text with its heaviest characters is taken: sixty family emoji (11 code units each) would not be,
    // twenty are.
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
    const named = await t.request({
      method: 'PUT',
      url: '/api/users/influencers/me/profile',
      as: 'carol',
      payload: { displayName: `Carol ${family.repeat(20)} जयपुर`, bio: '' },
    });
    expect(named.statusCode, named.body).toBe(200);
  });

  it('shows the rules in the OpenAPI', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
    };
    const body = JSON.stringify(document.paths['/api/users/v7/creators-content']?.post?.requestBody);
    expect(body).toContain('no control characters except line breaks');
    expect(body).toContain('pattern');
  });
});
