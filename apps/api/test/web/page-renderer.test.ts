import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import { createContext } from '../../src/create-context.js';
import { seedDemo } from '../../src/seed/demo.js';
import { ensureSsrClient, handToWebServer, webServerEnv } from '../../src/ssr-client.js';
import { hasWebBuild, mountWeb } from '../../src/web.js';
import { freePort } from '../free-port.js';

/** The symbols a promise made now carries: one per AsyncLocalStorage store in use in this thread (Node 20). */
const storesOnNewPromises = () => Object.getOwnPropertySymbols(Promise.resolve()).length;

// Served from the production web build, as web-shell.test.ts explains (`npm run build:web` first).
describe.skipIf(!hasWebBuild())('pages rendered in a thread of their own (ADR 043)', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let baseUrl: string;
  let dataDir: string;
  let storesBefore: number;

  beforeAll(async () => {
    storesBefore = storesOnNewPromises();
    dataDir = mkdtempSync(join(tmpdir(), 'civitas-web-thread-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: baseUrl });
    ctx = await createContext(config, { sqliteFile: ':memory:' });
    await seedDemo(ctx);
    app = await buildApp(ctx);
    handToWebServer(baseUrl, await ensureSsrClient(ctx));
    await mountWeb(app, ctx);
    await app.listen({ port, host: '127.0.0.1' });
  });

  afterAll(async () => {
    for (const name of Object.values(webServerEnv)) delete process.env[name];
    await app?.close();
    await ctx?.db.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('renders pages, streamed through this thread with its headers, without Next ever running in it', async () => {
    for (const path of ['/', '/u/alice', '/sign-up']) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { 'accept-language': 'en-GB' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('content-security-policy')).toMatch(/script-src 'nonce-/);
      expect(response.headers.get('vary')).toMatch(/Accept-Language/);
      expect(await response.text()).toMatch(/<\/html>$/);
    }
    // Nothing of Next's server is loaded here, and its request stores are not copied onto this thread's
    // promises (with Next rendering in this thread, every promise made after the first page carried them).
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.filter((file) => file.includes('/node_modules/next/'))).toEqual([]);
    expect(storesOnNewPromises()).toBe(storesBefore);
  });
});
