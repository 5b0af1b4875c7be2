import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setMachineClientSecret } from '../../src/domains/identity/clients.js';
import {
  ensureSsrClient,
  handToWebServer,
  internalOrigin,
  SSR_CLIENT_ID,
  webServerEnv,
} from '../../src/web/ssr-client.js';
import { createTestApp, type TestApp } from '../support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => t.close());

const file = () => join(t.ctx.config.DATA_DIR, 'keys', 'ssr-client.json');
const machineToken = (clientSecret: string, scopes: string[]) =>
  t.request({
    method: 'POST',
    url: '/api/identity/machine/token',
    payload: { clientId: SSR_CLIENT_ID, clientSecret, scopes },
  });

describe('the web server’s machine client', () => {
  it('is registered on first start with a secret kept in the database, not in DATA_DIR', async () => {
    const credentials = await ensureSsrClient(t.ctx);
    expect(credentials.clientId).toBe(SSR_CLIENT_ID);
    expect(existsSync(file())).toBe(false);
    const stored = await t.ctx.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'ssr-client-secret')
      .executeTakeFirst();
    expect(stored?.value).toBe(credentials.clientSecret);
    const res = await machineToken(credentials.clientSecret, ['content', 'social', 'users', 'graphs']);
    expect(res.statusCode, res.body).toBe(200);
    const post = await t.newPost({ authorId: t.world.citizens.alice.id });
    const read = await t.request({
      method: 'GET',
      url: `/api/content/v1/sharing/creators-content/${post}`,
      as: res.json().accessToken,
    });
    expect(read.statusCode).toBe(200);
  });

  it('may not ask for scopes beyond the public sharing reads', async () => {
    const { clientSecret } = await ensureSsrClient(t.ctx);
    expect((await machineToken(clientSecret, ['payments'])).statusCode).toBe(403);
  });

  it('keeps the same secret across starts', async () => {
    const first = await ensureSsrClient(t.ctx);
    const second = await ensureSsrClient(t.ctx);
    expect(second).toEqual(first);
    expect((await machineToken(first.clientSecret, ['content'])).statusCode).toBe(200);
  });

  it('registers the client again, with the shared secret, when the client is gone', async () => {
    const before = await ensureSsrClient(t.ctx);
    await t.ctx.db.deleteFrom('oauth_clients').where('id', '=', SSR_CLIENT_ID).execute();
    expect((await machineToken(before.clientSecret, ['content'])).statusCode).toBe(401);
    const after = await ensureSsrClient(t.ctx);
    expect(after).toEqual(before);
    expect((await machineToken(after.clientSecret, ['content'])).statusCode).toBe(200);
  });

  it('re-points a client holding a secret no instance shares (one registered before ADR 017)', async () => {
    const shared = await ensureSsrClient(t.ctx);
    await setMachineClientSecret(t.ctx.db, SSR_CLIENT_ID, 'an-old-per-data-dir-secret');
    expect(await ensureSsrClient(t.ctx)).toEqual(shared);
    expect((await machineToken(shared.clientSecret, ['content'])).statusCode).toBe(200);
    expect((await machineToken('an-old-per-data-dir-secret', ['content'])).statusCode).toBe(401);
  });
});

describe('handing the API to the web server', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of Object.values(webServerEnv)) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('reaches a wildcard listener on the loopback interface', () => {
    expect(internalOrigin({ HOST: '0.0.0.0', PORT: 3000 })).toBe('http://127.0.0.1:3000');
    expect(internalOrigin({ HOST: '::', PORT: 8080 })).toBe('http://127.0.0.1:8080');
    expect(internalOrigin({ HOST: '127.0.0.1', PORT: 4000 })).toBe('http://127.0.0.1:4000');
    expect(internalOrigin({ HOST: '::1', PORT: 4000 })).toBe('http://[::1]:4000');
  });

  it('passes the origin and credentials through the process environment', () => {
    handToWebServer('http://127.0.0.1:3000', { clientId: 'id', clientSecret: 'secret' });
    expect(process.env[webServerEnv.apiOrigin]).toBe('http://127.0.0.1:3000');
    expect(process.env[webServerEnv.clientId]).toBe('id');
    expect(process.env[webServerEnv.clientSecret]).toBe('secret');
  });
});
