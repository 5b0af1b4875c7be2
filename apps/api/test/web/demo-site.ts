import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import { createContext } from '../../src/create-context.js';
import { type DemoWorld, seedDemo } from '../../src/seed/demo.js';
import { mountWeb } from '../../src/web/mount.js';
import { ensureSsrClient, handToWebServer, webServerEnv } from '../../src/web/ssr-client.js';
import { freePort } from '../support/free-port.js';

export interface DemoSite {
  app: FastifyInstance;
  ctx: AppContext;
  world: DemoWorld;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The whole product on a port of its own, from the production web build, with the demo world in memory: the
 * pages read the API over HTTP from this server, as the server's own entry point sets up. `env` adds settings.
 */
export async function startDemoSite(env: Record<string, string> = {}): Promise<DemoSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'civitas-web-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: baseUrl, ...env });
  const ctx = await createContext(config, { sqliteFile: ':memory:' });
  const world = await seedDemo(ctx);
  const app = await buildApp(ctx);
  handToWebServer(baseUrl, await ensureSsrClient(ctx));
  await mountWeb(app, ctx);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    ctx,
    world,
    baseUrl,
    close: async () => {
      for (const name of Object.values(webServerEnv)) delete process.env[name];
      await app.close();
      await ctx.db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
