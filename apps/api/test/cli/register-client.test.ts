import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { AppContext } from '../../src/context.js';
import { cli } from '../support/cli.js';
import { provideTempDatabase, type TempDatabase } from '../support/temp-database.js';

let db: TempDatabase;
let ctx: AppContext;
provideTempDatabase((opened, context) => {
  db = opened;
  ctx = context;
});

/** Asks the real token endpoint, on the same database, for a machine token with the printed secret. */
async function machineToken(clientId: string, clientSecret: string, scopes: string[]) {
  const app = await buildApp(ctx);
  try {
    return await app.inject({
      method: 'POST',
      url: '/api/identity/machine/token',
      payload: { clientId, clientSecret, scopes },
    });
  } finally {
    await app.close();
  }
}

describe('civitas register-client', () => {
  let secret: string;

  it('registers a machine client and prints its secret once, as the last line', async () => {
    const run = await cli(
      db.env,
      'register-client',
      '--id',
      'partner-app',
      '--name',
      'Partner',
      '--scopes',
      'content,social',
    );
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toContain('Registered machine client partner-app (Partner) with scopes: content, social.');
    secret = run.out.trim().split('\n').at(-1) ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await ctx.db.selectFrom('oauth_clients').selectAll().where('id', '=', 'partner-app').executeTakeFirst();
    expect(row?.secret_hash).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('prints a secret the token endpoint accepts, for the registered scopes only', async () => {
    expect((await machineToken('partner-app', secret, ['content', 'social'])).statusCode).toBe(200);
    expect((await machineToken('partner-app', secret, ['payments'])).statusCode).toBe(403);
    expect((await machineToken('partner-app', `${secret}x`, ['content'])).statusCode).toBe(401);
  });

  it('refuses an id that is taken, keeping the first secret valid', async () => {
    const run = await cli(db.env, 'register-client', '--id', 'partner-app', '--name', 'Again', '--scopes', 'users');
    expect(run).toMatchObject({
      code: 1,
      out: '',
      err: 'error: A client with id "partner-app" is already registered.\n',
    });
    expect((await machineToken('partner-app', secret, ['content'])).statusCode).toBe(200);
  });

  it('answers bad arguments with usage errors', async () => {
    const badScope = await cli(db.env, 'register-client', '--id', 'x-app', '--name', 'X', '--scopes', 'content,root');
    expect([badScope.code, badScope.err]).toEqual([2, expect.stringContaining('Unknown scope root')]);
    const badId = await cli(db.env, 'register-client', '--id', 'a b', '--name', 'X', '--scopes', 'content');
    expect([badId.code, badId.err]).toEqual([
      2,
      expect.stringContaining('letters, digits, dots, dashes or underscores'),
    ]);
    const noScopes = await cli(db.env, 'register-client', '--id', 'x-app', '--name', 'X');
    expect([noScopes.code, noScopes.err]).toEqual([2, expect.stringContaining("required option '--scopes <list>'")]);
    const blankName = await cli(db.env, 'register-client', '--id', 'x-app', '--name', '  ', '--scopes', 'content');
    expect([blankName.code, blankName.err]).toEqual([1, 'error: --name must be 1 to 100 characters.\n']);
  });
});
