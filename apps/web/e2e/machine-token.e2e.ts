import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createMachineTokenSource } from '../src/session/machine-token';

const origin = inject('origin');
const dataDir = inject('dataDir');
let credentials: { clientId: string; clientSecret: string };

beforeAll(() => {
  // The web server's helpers call the API at the origin the API process hands them; here, the running app.
  process.env.CIVITAS_API_ORIGIN = origin;
  // The secret every instance shares lives in the database (ADR 017): read as the server reads it.
  const db = new Database(join(dataDir, 'civitas.sqlite'), { readonly: true });
  try {
    const secret = db.prepare("select value from server_secrets where name = 'ssr-client-secret'").get() as
      | { value: string }
      | undefined;
    const client = db.prepare("select id from oauth_clients where id = 'civitas-web-ssr'").get() as
      | { id: string }
      | undefined;
    credentials = { clientId: client?.id ?? '', clientSecret: secret?.value ?? '' };
  } finally {
    db.close();
  }
});

/** A public sharing read, which only a machine token may make. */
const sharingRead = (token?: string | null) =>
  fetch(`${origin}/api/content/v1/sharing/creators-content/01890a5b-7d4e-7c3a-9f1e-2b3c4d5e6f70`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('the web server’s machine token, against the started app', () => {
  it('uses the client the server registered at start, its secret kept in the database and not in DATA_DIR', () => {
    expect(credentials.clientId).toBe('civitas-web-ssr');
    expect(credentials.clientSecret.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(join(dataDir, 'keys', 'ssr-client.json'))).toBe(false);
  });

  it('obtains a token that may make public sharing reads, and caches it', async () => {
    const source = createMachineTokenSource({
      clientId: () => credentials.clientId,
      clientSecret: () => credentials.clientSecret,
    });
    const token = await source.get();
    expect(token).toMatch(/^eyJ/);
    expect((await sharingRead()).status).toBe(401);
    // Authorized, and the post simply does not exist.
    expect((await sharingRead(token)).status).toBe(404);
    expect(await source.get()).toBe(token);
  });

  it('renews the token once it is within 180 s of its expiry', async () => {
    let now = Date.now();
    let secret = credentials.clientSecret;
    const logged: string[] = [];
    const source = createMachineTokenSource({
      clientId: () => credentials.clientId,
      clientSecret: () => secret,
      now: () => now,
      log: (message) => logged.push(message),
    });
    expect(await source.get()).toBeTruthy();
    // While cached, the token is served without asking the API (a wrong secret would be refused).
    secret = 'not the secret';
    now += 60_000;
    expect(await source.get()).toBeTruthy();
    expect(logged).toEqual([]);
    // An hour's token, 180 s before its end: it must be renewed, and the wrong secret now shows.
    now += 3_600_000 - 180_000 - 60_000;
    expect(await source.get()).toBeNull();
    expect(logged).toEqual(['Machine token not found']);
  });

  it("logs 'Machine token not found' and keeps no token when none can be had", async () => {
    const logged: string[] = [];
    const source = createMachineTokenSource({
      clientId: () => credentials.clientId,
      clientSecret: () => 'wrong secret',
      log: (message) => logged.push(message),
    });
    expect(await source.get()).toBeNull();
    expect(await source.get()).toBeNull();
    expect(logged).toEqual(['Machine token not found', 'Machine token not found']);
    const unconfigured = createMachineTokenSource({
      clientId: () => undefined,
      clientSecret: () => undefined,
      log: (message) => logged.push(message),
    });
    expect(await unconfigured.get()).toBeNull();
    expect(logged).toHaveLength(3);
  });
});
