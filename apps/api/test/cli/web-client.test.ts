import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { AppContext } from '../../src/context.js';
import { findClient, WEB_CLIENT_ID } from '../../src/domains/identity/clients.js';
import { cli } from '../support/cli.js';
import { closeContext, createTempDatabase, type TempDatabase } from '../support/temp-database.js';

const SITE = 'https://civitas.example';

let db: TempDatabase;
let ctx: AppContext;
beforeAll(async () => {
  db = await createTempDatabase({ PUBLIC_URL: SITE });
  ctx = await db.open();
});
afterAll(async () => {
  await closeContext(ctx);
  await db.drop();
});

/** The site's sign-in as a browser starts it: /api/auth/login, then the authorize request it redirects to. */
async function startSignIn(app: FastifyInstance) {
  const login = await app.inject({ method: 'GET', url: '/api/auth/login?next=%2F' });
  expect(login.statusCode).toBe(302);
  const authorize = new URL(login.headers.location as string);
  return app.inject({ method: 'GET', url: `${authorize.pathname}${authorize.search}` });
}

describe("the web client's registration", () => {
  let app: FastifyInstance;
  // Each test starts the site's instance, which registers the client, as a deployment's start does.
  beforeEach(async () => {
    app = await buildApp(ctx);
  });
  afterEach(async () => {
    await app.close();
  });

  it('points at the public URL of the instance that serves the sign-in', async () => {
    expect((await startSignIn(app)).statusCode).toBe(302);
    expect((await findClient(ctx.db, WEB_CLIENT_ID))?.redirectUris).toEqual([`${SITE}/api/auth/callback`]);
  });

  it('is left as it is by a command run beside the site without PUBLIC_URL, so sign-in keeps working', async () => {
    const { PUBLIC_URL: _site, ...withoutPublicUrl } = db.env;
    expect(await cli(withoutPublicUrl, 'mint-token', '--guest')).toMatchObject({ code: 0, err: '' });
    expect((await findClient(ctx.db, WEB_CLIENT_ID))?.redirectUris).toEqual([`${SITE}/api/auth/callback`]);
    const authorize = await startSignIn(app);
    expect(authorize.statusCode, authorize.body).toBe(302);
    expect(authorize.headers.location).toContain('/sign-in?interaction=');
  });
});
