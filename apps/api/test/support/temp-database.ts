import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type Config, loadConfig } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import { closeContext, createContext } from '../../src/create-context.js';
import { deleteQueueKeys, uniqueQueuePrefix } from './redis-queue.js';
import { newTestSchemaName } from './test-schema.js';

/**
 * A fresh DATA_DIR and database for commands that open their own connections (the CLI, the generator): a
 * SQLite file in the temp DATA_DIR, or a throwaway schema in the PostgreSQL that TEST_DATABASE_URL names.
 */
export interface TempDatabase {
  dataDir: string;
  /** The environment the server and the CLI would read. */
  env: NodeJS.ProcessEnv;
  config: Config;
  /** A context on the same database (its own connection); close it with closeContext. */
  open(): Promise<AppContext>;
  drop(): Promise<void>;
}

export async function withAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createTempDatabase(extraEnv: Record<string, string> = {}): Promise<TempDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'civitas-cli-'));
  const baseUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let schema: string | undefined;
  if (baseUrl) {
    schema = newTestSchemaName();
    await withAdmin(baseUrl, `create schema ${schema}`);
    const url = new URL(baseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
  }
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JOB_QUEUE_PREFIX: uniqueQueuePrefix(), // used with REDIS_URL only; the keys are deleted on drop
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extraEnv,
  };
  const config = loadConfig(env);
  return {
    dataDir,
    env,
    config,
    open: () => createContext(config),
    async drop() {
      if (config.REDIS_URL) await deleteQueueKeys(config.REDIS_URL, config.JOB_QUEUE_PREFIX);
      if (baseUrl && schema) await withAdmin(baseUrl, `drop schema ${schema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { closeContext };

/**
 * A temporary database with a context on it for the whole file: created and opened before the file's tests,
 * closed and dropped after. `ready` receives both.
 */
export function provideTempDatabase(ready: (db: TempDatabase, ctx: AppContext) => void): void {
  let db: TempDatabase | undefined;
  let ctx: AppContext | undefined;
  beforeAll(async () => {
    db = await createTempDatabase();
    ctx = await db.open();
    ready(db, ctx);
  });
  afterAll(async () => {
    if (ctx) await closeContext(ctx);
    await db?.drop();
  });
}
