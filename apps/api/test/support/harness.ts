import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import { closeContext, createContext } from '../../src/create-context.js';
import type { Caller } from '../../src/http/auth/tokens.js';
import { insertCitizen, type NewCitizen } from '../../src/seed/citizens.js';
import { type DemoName, type DemoWorld, seedDemo } from '../../src/seed/demo.js';
import { insertPost, type NewPost } from '../../src/seed/posts.js';
import type { ErrorReports } from '../../src/telemetry/error-reports.js';
import { deleteQueueKeys, uniqueQueuePrefix } from './redis-queue.js';
import { newTestSchemaName } from './test-schema.js';

/**
 * A real server on a fresh database per test file: in-memory SQLite by default, or a throwaway schema in
 * the PostgreSQL that TEST_DATABASE_URL names (the test:postgres run sets it).
 */
/** A citizen as newCitizen() makes one. */
export type Citizen = { id: string; username: string };

/** Who a request is made as: a demo name, a citizen made by newCitizen(), or any caller. */
export type Who = DemoName | Caller | Citizen;

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  world: DemoWorld;
  /** A bearer token for a demo citizen, a guest or a machine client. */
  tokenFor(who: Who): Promise<string>;
  /** `app.inject` with `as` turned into an Authorization header. */
  request(options: InjectOptions & { as?: Who | string }): Promise<LightMyRequestResponse>;
  /** A fresh citizen with no relationships, for tests that need a clean slate. */
  newCitizen(overrides?: Partial<NewCitizen>): Promise<Citizen>;
  /** A post inserted as if uploaded and processed (ready, public unless said otherwise). */
  newPost(post: NewPost): Promise<string>;
  close(): Promise<void>;
}

let citizenCounter = 0;

async function postgresSchemaUrl(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const pg = (await import('pg')).default;
  const schema = newTestSchemaName();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

export interface TestAppOptions {
  seed?: boolean;
  env?: Record<string, string>;
  /** The server's error reports, made from the test's config (none by default). */
  errorReports?: (config: Config) => ErrorReports | Promise<ErrorReports>;
  /** Adds test-only routes (e.g. one that fails) before the app is ready. */
  beforeReady?: (app: FastifyInstance) => void;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const postgres = baseUrl ? await postgresSchemaUrl(baseUrl) : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'civitas-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Exact expectations right after writes; the guest page, stage skeleton and hashtag list caches have their
    // own tests.
    GUEST_PAGE_CACHE_MS: '0',
    STAGE_SKELETON_CACHE_MS: '0',
    HASHTAG_LIST_CACHE_MS: '0',
    // A test file makes far more calls from one address than a person would; abuse-limits.test.ts sets its own.
    REQUESTS_PER_5_MINUTES: '1000000',
    FOLLOWS_PER_HOUR: '1000000',
    FRIEND_REQUESTS_PER_HOUR: '1000000',
    POSTS_PER_30_MINUTES: '1000000',
    PROFILE_CHANGES_PER_HOUR: '1000000',
    REPORTS_PER_HOUR: '1000000',
    COMMENTS_PER_10_MINUTES: '1000000',
    // With REDIS_URL the media queue lives in a shared Redis: each test app under its own keys, deleted on close.
    JOB_QUEUE_PREFIX: uniqueQueuePrefix(),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...options.env,
  });
  const ctx = await createContext(config, {
    sqliteFile: ':memory:',
    ...(options.errorReports ? { errorReports: await options.errorReports(config) } : {}),
  });
  const world = options.seed === false ? ({ citizens: {} } as DemoWorld) : await seedDemo(ctx);
  const app = await buildApp(ctx);
  options.beforeReady?.(app);
  await app.ready();

  const tokenFor = async (who: Who) => {
    const caller: Caller =
      typeof who === 'string'
        ? { kind: 'citizen', citizenId: world.citizens[who].id, username: who }
        : 'kind' in who
          ? who
          : { kind: 'citizen', citizenId: who.id, username: who.username };
    return ctx.tokens.issue(caller, 900);
  };

  return {
    app,
    ctx,
    world,
    tokenFor,
    async request({ as, headers, ...rest }) {
      const token =
        as === undefined
          ? undefined
          : typeof as === 'string' && as.includes('.')
            ? as
            : await tokenFor(as as DemoName | Caller);
      return app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    },
    async newCitizen(overrides = {}) {
      citizenCounter += 1;
      const username = overrides.username ?? `user${citizenCounter}_${randomBytes(3).toString('hex')}`;
      const id = await insertCitizen(
        ctx.db,
        { displayName: `Test ${username}`, country: 'GB', ...overrides, username },
        ctx.now(),
      );
      return { id, username };
    },
    newPost: (post) => insertPost(ctx.db, post, ctx.now()),
    async close() {
      await app.close();
      await closeContext(ctx);
      if (config.REDIS_URL) await deleteQueueKeys(config.REDIS_URL, config.JOB_QUEUE_PREFIX);
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const guest: Caller = { kind: 'guest', guestId: '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f70' };
export const machine = (...scopes: Extract<Caller, { kind: 'machine' }>['scopes'][number][]): Caller => ({
  kind: 'machine',
  clientId: 'test-client',
  scopes,
});

/** A citizen as a caller (what a token for that citizen says). */
export const asCitizen = (citizen: Citizen): Caller => ({
  kind: 'citizen',
  citizenId: citizen.id,
  username: citizen.username,
});

/** `count` fresh citizens with no relationships. */
export const newCitizens = (t: TestApp, count: number): Promise<Citizen[]> =>
  Promise.all(Array.from({ length: count }, () => t.newCitizen()));

/** A well-formed UUID v7 that names nothing: no seed makes it (their ids carry random bits). */
export const unknownId = '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f70';
