import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { closeContext, createTempDatabase, type TempDatabase } from '../support/temp-database.js';

// Liveness and readiness (ADR 020): a proxy sends requests only to an instance whose /healthz says 200.

let db: TempDatabase;
beforeAll(async () => {
  db = await createTempDatabase();
});
afterAll(() => db.drop());

const get = async (app: Awaited<ReturnType<typeof buildApp>>, url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

describe('health checks', () => {
  it('say ready and alive while the database answers', async () => {
    const ctx = await db.open();
    const app = await buildApp(ctx);
    try {
      expect(await get(app, '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await get(app, '/livez')).toEqual({ status: 200, body: { status: 'ok' } });
    } finally {
      await app.close();
      await closeContext(ctx);
    }
  });

  it('say not ready, but alive, once the instance is stopping', async () => {
    const ctx = await db.open();
    const readiness = { draining: false };
    const app = await buildApp(ctx, { readiness });
    try {
      readiness.draining = true;
      expect(await get(app, '/healthz')).toEqual({ status: 503, body: { status: 'draining' } });
      expect((await get(app, '/livez')).status).toBe(200);
    } finally {
      await app.close();
      await closeContext(ctx);
    }
  });

  it('say not ready when the database does not answer', async () => {
    const ctx = await db.open();
    const app = await buildApp(ctx);
    try {
      await ctx.db.destroy();
      expect(await get(app, '/healthz')).toEqual({ status: 503, body: { status: 'database unavailable' } });
      expect((await get(app, '/livez')).status).toBe(200);
    } finally {
      await app.close();
      ctx.redis?.disconnect();
    }
  });
});
