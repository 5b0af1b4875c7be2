import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoNames, setDemoPasswords } from '../../src/seed/demo.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { signInAnswer } from '../support/identity-flows.js';

const DEMO_PASSWORD = 'a demo password for tests';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DEMO_PASSWORD, AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => t.close());

const signIn = (login: string, password: string) => signInAnswer(t, login, password);

describe('demo passwords', () => {
  it('leave the tests’ demo world without passwords', async () => {
    expect((await signIn('alice', DEMO_PASSWORD)).statusCode).toBe(401);
  });

  it('let every demo citizen sign in with DEMO_PASSWORD once set', async () => {
    expect(await setDemoPasswords(t.ctx, t.world)).toBe(true);
    for (const name of ['alice', 'heidi']) {
      const res = await signIn(name, DEMO_PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
      expect(new URL(res.json().redirectUrl).searchParams.get('code')).toBeTruthy();
    }
    expect((await signIn('bob', 'civitas-demo-password')).statusCode).toBe(401);
    const hashes = await t.ctx.db
      .selectFrom('citizens')
      .select('password_hash')
      .where('username_key', 'in', [...demoNames])
      .execute();
    // Each with its own salt: no two stored hashes alike.
    expect(new Set(hashes.map((row) => row.password_hash)).size).toBe(demoNames.length);
  });

  it('are never set in production', async () => {
    for (const env of [{ NODE_ENV: 'production' as const }, { APP_ENV: 'prod' as const }]) {
      const production = { ...t.ctx, config: { ...t.ctx.config, ...env } };
      expect(await setDemoPasswords(production, t.world)).toBe(false);
    }
  });
});
