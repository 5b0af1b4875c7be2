import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { sqliteFileIn } from '../../src/cli/backup/sqlite.js';
import { loadConfig } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import { closeContext, createContext } from '../../src/create-context.js';
import type { TempDatabase } from './temp-database.js';

/** One API instance: its own DATA_DIR and context, on the database it shares with the others. */
export interface Instance {
  dataDir: string;
  ctx: AppContext;
  app: FastifyInstance;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * Starts an instance as main.ts would (migrations, keys, app), with a DATA_DIR of its own: only the database
 * (PostgreSQL, or on SQLite the file in `database.dataDir`) is shared. `prepare` may put files into the new
 * DATA_DIR first (an install from before ADR 017).
 */
export async function startInstance(database: TempDatabase, prepare?: (dataDir: string) => void): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'civitas-instance-'));
  prepare?.(dataDir);
  const config = loadConfig({ ...database.env, DATA_DIR: dataDir, REQUESTS_PER_5_MINUTES: '1000000' });
  // SQLite: the shared file, named from this DATA_DIR (the database layer opens its file inside DATA_DIR).
  const sqliteFile = config.DATABASE_URL ? {} : { sqliteFile: relative(dataDir, sqliteFileIn(database.dataDir)) };
  const ctx = await createContext(config, sqliteFile);
  const app = await buildApp(ctx);
  await app.ready();
  return {
    dataDir,
    ctx,
    app,
    request: ({ token, headers, ...rest }) =>
      app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    async close() {
      await app.close();
      await closeContext(ctx);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
