import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { AppContext } from '../../src/context.js';
import { insertCitizen } from '../../src/seed/citizens.js';
import { closeContext, createTempDatabase, type TempDatabase } from '../cli/temp-database.js';
import type { TestApp } from '../harness.js';
import { testRedisUrl } from '../redis-queue.js';
import { jpegWithGps } from './media-files.js';
import { createDraft, settledStatus, uploadWhole } from './upload-client.js';

// The server entry with ROLE=worker, as a real process beside an instance that only serves (this test's app):
// it processes what the instance queued through BullMQ, serves nothing, and stops cleanly on SIGTERM.

const entry = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const typescriptHooks = fileURLToPath(new URL('../cli/run-typescript.mjs', import.meta.url));

let db: TempDatabase;
let ctx: AppContext;
let app: FastifyInstance;
beforeAll(async () => {
  db = await createTempDatabase({ REDIS_URL: testRedisUrl, ROLE: 'web' });
  ctx = await db.open();
  app = await buildApp(ctx);
});
afterAll(async () => {
  await app.close();
  await closeContext(ctx);
  await db.drop();
});

describe('ROLE=worker', () => {
  it('runs only the media worker: jobs queued by a web instance are processed, and SIGTERM exits 0', {
    timeout: 60_000,
  }, async () => {
    const child = spawn(process.execPath, ['--conditions=civitas-source', '--import', typescriptHooks, entry], {
      env: { PATH: process.env.PATH, ...db.env, ROLE: 'worker', SEED_DEMO: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await expect.poll(() => output, { timeout: 30_000 }).toContain('media worker started');
      expect(output).toContain('ROLE=worker: the media worker, on the Redis (BullMQ) job queue');
      expect(output).not.toContain(testRedisUrl);

      const authorId = await insertCitizen(
        ctx.db,
        { username: 'role_test', displayName: 'Role', country: 'GB' },
        Date.now(),
      );
      const token = await ctx.tokens.issue({ kind: 'citizen', citizenId: authorId, username: 'role_test' }, 900);
      const t = {
        request: ({ as, headers, ...rest }: Parameters<TestApp['request']>[0]) =>
          app.inject({ ...rest, headers: { ...headers, authorization: `Bearer ${as}` } }),
      } as TestApp;
      const draft = await createDraft(t, token);
      const { completed } = await uploadWhole(t, token, draft.id, 'image-upload', await jpegWithGps());
      expect(completed.statusCode, completed.body).toBe(202);
      expect(await settledStatus(t, token, draft.id, 30_000)).toMatchObject({ status: 'ready' });

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
