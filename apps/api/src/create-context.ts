import { createCacheBus } from './cache/cache-bus.js';
import { createCitizenBell } from './cache/citizen-bell.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { createDatabase } from './db/database.js';
import { dialectOf } from './db/dialect.js';
import { migrateToLatest } from './db/migrate.js';
import { createCaches } from './domains/caches.js';
import { createMailer } from './domains/identity/mailer.js';
import { memoryLimiter, redisLimiter } from './http/attempt-limiter.js';
import { loadKeys } from './http/auth/keys.js';
import { createSignOuts } from './http/auth/sign-outs.js';
import { createTokenService } from './http/auth/tokens.js';
import { jobQueueFor } from './media/jobs/job-queue-for.js';
import { mediaDrivers } from './media/storage/media-drivers.js';
import { type ErrorReports, noErrorReports } from './telemetry/error-reports.js';

export interface ContextOptions {
  sqliteFile?: string;
  /** The server's error reports (main.ts starts them); none by default (CLI, worker, tests). */
  errorReports?: ErrorReports;
}

/**
 * Opens the database, migrates it and loads the keys shared through it (made on the first start): everything
 * the server needs before it listens.
 */
export async function createContext(config: Config, options: ContextOptions = {}): Promise<AppContext> {
  const db = createDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    ...(options.sqliteFile ? { sqliteFile: options.sqliteFile } : {}),
  });
  await migrateToLatest(db as never);
  const keys = await loadKeys(db, config.DATA_DIR);
  // The client is loaded only where Redis is configured, as the PostgreSQL driver is (db/database.ts).
  const redis = config.REDIS_URL
    ? new (await import('ioredis')).Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  // Kept a minute past a token's lifetime: clocks of instances differ a little.
  const signOuts = createSignOuts(db, (config.ACCESS_TOKEN_TTL_SECONDS + 60) * 1000, Date.now);
  await signOuts.reload();
  const ctx: AppContext = {
    config,
    db,
    dialect: dialectOf(db as never),
    keys,
    tokens: createTokenService(keys.signing, config.PUBLIC_URL, signOuts),
    signOuts,
    mailer: await createMailer({ dataDir: config.DATA_DIR, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    limiter: redis ? redisLimiter(redis) : memoryLimiter(),
    redis,
    cacheBus: createCacheBus(redis, (error) => console.error('cache events:', error)),
    bell: createCitizenBell(redis, (error) => console.error('citizen bell:', error)),
    caches: createCaches(config),
    media: {
      ...(await mediaDrivers(config)), // uploads and files: DATA_DIR, or the bucket when S3_* is set (ADR 021)
      queue: await jobQueueFor(config, db), // the media_jobs table, or BullMQ with REDIS_URL (ADR 022)
    },
    errorReports: options.errorReports ?? noErrorReports,
    now: Date.now,
  };
  forgetOnCacheEvents(ctx);
  return ctx;
}

/** What each cache event clears in this instance (ADR 024). */
function forgetOnCacheEvents(ctx: AppContext): void {
  ctx.cacheBus.on('stage-changed', () => {
    ctx.caches.stageHeads.clear();
    ctx.caches.stageSkeletons.clear();
    ctx.caches.citizenStagePages.clear();
    // Stagings are rare (a curator, a post reaching the like threshold): guests' pages are read again too.
    ctx.caches.guestStagePages.clear();
  });
  ctx.cacheBus.on('keys-changed', () => {
    void ctx.keys.signing.refresh();
  });
  ctx.cacheBus.on('sign-outs-changed', () => ctx.signOuts.reload());
}

/** Closes what createContext opened. */
export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.cacheBus.close();
  await ctx.bell.close();
  await ctx.media.queue.close();
  await ctx.db.destroy();
  ctx.redis?.disconnect();
}
