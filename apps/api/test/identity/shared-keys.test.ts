import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeProtectedHeader, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { stagePost } from '../../src/domains/feeds/stage-membership.js';
import { registerMachineClient } from '../../src/domains/identity/clients.js';
import { retirementDelayMs, rotateSigningKeys } from '../../src/http/auth/rotation.js';
import { generateSigningJwk } from '../../src/http/auth/signing-keys.js';
import { TOKEN_AUDIENCE } from '../../src/http/auth/tokens.js';
import { insertCitizen } from '../../src/seed/citizens.js';
import { insertPost } from '../../src/seed/posts.js';
import { ensureSsrClient, SSR_CLIENT_ID, SSR_CLIENT_SCOPES } from '../../src/web/ssr-client.js';
import { cli } from '../support/cli.js';
import { type Instance, startInstance } from '../support/instances.js';
import { closeContext, createTempDatabase, type TempDatabase } from '../support/temp-database.js';

// Two API instances on one database, each with its own DATA_DIR (the scale-out issue; ADR 017).

const citizenToken = (instance: Instance, citizenId: string) =>
  instance.ctx.tokens.issue({ kind: 'citizen', citizenId, username: 'shared_keys' }, 900);
const me = (instance: Instance, token: string) =>
  instance.request({ method: 'GET', url: '/api/users/influencers/me', token });
const machineToken = (instance: Instance, clientSecret: string) =>
  instance.request({
    method: 'POST',
    url: '/api/identity/machine/token',
    payload: { clientId: SSR_CLIENT_ID, clientSecret, scopes: ['content'] },
  });

describe('two instances on one database', () => {
  let database: TempDatabase;
  let a: Instance;
  let b: Instance;
  let citizenId: string;

  beforeAll(async () => {
    database = await createTempDatabase();
    a = await startInstance(database);
    b = await startInstance(database);
    citizenId = await insertCitizen(
      a.ctx.db,
      { username: 'shared_keys', displayName: 'Shared Keys', country: 'GB' },
      a.ctx.now(),
    );
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('accept each other’s citizen tokens', async () => {
    const fromA = await citizenToken(a, citizenId);
    const res = await me(b, fromA);
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(a, await citizenToken(b, citizenId))).statusCode).toBe(200);
  });

  it('accept each other’s continuation tokens', async () => {
    const now = a.ctx.now();
    for (let index = 0; index < 3; index++) {
      const post = await insertPost(a.ctx.db, { authorId: citizenId, caption: `Shared ${index}` }, now);
      await stagePost(a.ctx.db, post, ['GB'], 'curated', now + index);
    }
    const url = `/api/content/v9/feed/eight-stage?country=GB&timestamp=${now + 10}&size=2`;
    const session = await citizenToken(a, citizenId);
    const first = await a.request({ method: 'GET', url, token: session });
    expect(first.statusCode, first.body).toBe(200);
    const token = first.json().continuationToken as string;
    const next = await b.request({
      method: 'GET',
      url: `${url}&continuationToken=${encodeURIComponent(token)}`,
      token: session,
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().data).toHaveLength(1);
  });

  it('share the web server’s machine client: starting another instance leaves it working', async () => {
    const credentials = await ensureSsrClient(a.ctx);
    expect((await machineToken(a, credentials.clientSecret)).statusCode).toBe(200);
    const c = await startInstance(database);
    try {
      expect(await ensureSsrClient(c.ctx)).toEqual(credentials);
      expect(await ensureSsrClient(b.ctx)).toEqual(credentials);
      for (const instance of [a, b, c]) {
        const res = await machineToken(instance, credentials.clientSecret);
        expect(res.statusCode, res.body).toBe(200);
      }
    } finally {
      await c.close();
    }
  });

  it('after rotate-keys, sign with the new key and still verify tokens of the old one', async () => {
    const old = await citizenToken(a, citizenId);
    const oldKid = decodeProtectedHeader(old).kid;
    const rotated = await cli(database.env, 'rotate-keys');
    expect(rotated.code, rotated.err).toBe(0);
    const newKid = /Added signing key ([0-9a-f]+) \(generation 2\)/.exec(rotated.out)?.[1];
    expect(newKid).toBeDefined();
    expect(rotated.out).toContain(`Keys that verify tokens: ${oldKid}, ${newKid}.`);

    // An instance started now signs with the new key; one running verifies it at once (unknown kid: read again).
    const c = await startInstance(database);
    try {
      const fresh = await citizenToken(c, citizenId);
      expect(decodeProtectedHeader(fresh).kid).toBe(newKid);
      for (const instance of [a, b, c]) {
        expect((await me(instance, fresh)).statusCode).toBe(200);
        expect((await me(instance, old)).statusCode).toBe(200);
      }
      const jwks = (await c.request({ method: 'GET', url: '/api/identity/.well-known/jwks.json' })).json();
      expect(jwks.keys.map((key: { kid: string }) => key.kid)).toEqual([oldKid, newKid]);
      expect(jwks.keys.some((key: { d?: string }) => key.d)).toBe(false);
    } finally {
      await c.close();
    }

    // Once the new key has signed for longer than any token lives, the next rotation retires the old one.
    const delay = retirementDelayMs(a.ctx.config);
    const later = await rotateSigningKeys(a.ctx.db, Date.now() + delay, delay);
    expect(later.retired).toEqual([oldKid]);
    const d = await startInstance(database);
    try {
      expect((await me(d, old)).statusCode).toBe(401);
      expect((await me(d, await citizenToken(d, citizenId))).statusCode).toBe(200);
      const jwks = (await d.request({ method: 'GET', url: '/api/identity/.well-known/jwks.json' })).json();
      expect(jwks.keys.map((key: { kid: string }) => key.kid)).toEqual([newKid, later.added.kid]);
    } finally {
      await d.close();
    }
  });

  it('refuse a token naming a kid nobody has, with a 401', async () => {
    const jwk = await generateSigningJwk();
    const forged = await new SignJWT({ kind: 'citizen', username: 'shared_keys' })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'not-ours' })
      .setSubject(citizenId)
      .setIssuer(a.ctx.config.PUBLIC_URL)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('5m')
      .sign(await importJWK(jwk, 'ES256'));
    expect((await me(a, forged)).statusCode).toBe(401);
  });
});

describe('instances booting together on an empty database', () => {
  it('agree on one signing key, one cursor secret and one machine-client secret', { timeout: 60_000 }, async () => {
    const database = await createTempDatabase();
    // Two SQLite connections migrating the same file at once collide (Kysely's migration lock is per connection
    // there; on PostgreSQL it is a lock in the database): on SQLite the tables are made first, the keys not.
    if (!database.env.DATABASE_URL) {
      const db = createDatabase({ dataDir: database.dataDir });
      await migrateToLatest(db as never);
      await db.destroy();
    }
    const instances = await Promise.all([startInstance(database), startInstance(database), startInstance(database)]);
    try {
      const kids = await Promise.all(instances.map(async (i) => (await i.ctx.keys.signing.signingKey()).kid));
      expect(new Set(kids).size).toBe(1);
      expect(new Set(instances.map((i) => i.ctx.keys.cursorSecret.toString('hex'))).size).toBe(1);
      const secrets = await Promise.all(instances.map((i) => ensureSsrClient(i.ctx)));
      expect(new Set(secrets.map((s) => s.clientSecret)).size).toBe(1);
      for (const instance of instances) {
        expect((await machineToken(instance, secrets[0]?.clientSecret ?? '')).statusCode).toBe(200);
      }
      expect(await instances[0]?.ctx.db.selectFrom('signing_keys').select('kid').execute()).toHaveLength(1);
    } finally {
      for (const instance of instances) await instance.close();
      await database.drop();
    }
  });
});

describe('an install from before shared keys (keys in DATA_DIR)', () => {
  it('imports DATA_DIR/keys into the database, so its tokens and machine client stay valid', async () => {
    const database = await createTempDatabase();
    const privateJwk = await generateSigningJwk();
    const cursorSecret = randomBytes(32).toString('base64url');
    const ssrSecret = randomBytes(32).toString('base64url');
    const writeLegacy = (dataDir: string) => {
      mkdirSync(join(dataDir, 'keys'), { mode: 0o700 });
      writeFileSync(join(dataDir, 'keys', 'signing.json'), JSON.stringify({ privateJwk, cursorSecret }));
      writeFileSync(
        join(dataDir, 'keys', 'ssr-client.json'),
        JSON.stringify({ clientId: SSR_CLIENT_ID, clientSecret: ssrSecret }),
      );
    };
    // The database as that install left it: the SSR client registered with the secret in its DATA_DIR.
    const setup = await database.open();
    await setup.db.deleteFrom('signing_keys').execute();
    await setup.db.deleteFrom('server_secrets').execute();
    await registerMachineClient(
      setup.db,
      { id: SSR_CLIENT_ID, name: 'Civitas web server rendering', scopes: SSR_CLIENT_SCOPES },
      Date.now(),
      { secret: ssrSecret },
    );
    const citizenId = await insertCitizen(
      setup.db,
      { username: 'shared_keys', displayName: 'Shared Keys', country: 'GB' },
      Date.now(),
    );
    await closeContext(setup);

    const issuedBefore = await new SignJWT({ kind: 'citizen', username: 'shared_keys' })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: privateJwk.kid as string })
      .setSubject(citizenId)
      .setIssuer(database.config.PUBLIC_URL)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('10m')
      .sign(await importJWK(privateJwk, 'ES256'));

    const upgraded = await startInstance(database, writeLegacy);
    const other = await startInstance(database);
    try {
      expect(upgraded.ctx.keys.cursorSecret.toString('base64url')).toBe(cursorSecret);
      expect(other.ctx.keys.cursorSecret.toString('base64url')).toBe(cursorSecret);
      for (const instance of [upgraded, other]) {
        expect((await me(instance, issuedBefore)).statusCode).toBe(200);
        expect(await ensureSsrClient(instance.ctx)).toEqual({ clientId: SSR_CLIENT_ID, clientSecret: ssrSecret });
        expect((await machineToken(instance, ssrSecret)).statusCode).toBe(200);
      }
    } finally {
      await upgraded.close();
      await other.close();
      await database.drop();
    }
  });
});
