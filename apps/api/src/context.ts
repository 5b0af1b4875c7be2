import type { Redis } from 'ioredis';
import type { CacheBus } from './cache/cache-bus.js';
import type { CitizenBell } from './cache/citizen-bell.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { DialectName } from './db/dialect.js';
import type { Mailer } from './domains/identity/mailer.js';
import type { AttemptLimiter } from './http/attempt-limiter.js';
import type { Keys } from './http/auth/keys.js';
import type { SignOuts } from './http/auth/sign-outs.js';
import type { TokenService } from './http/auth/tokens.js';
import type { JobQueue } from './media/jobs/job-queue.js';
import type { MediaStorage } from './media/storage/media-storage.js';
import type { UploadStorage } from './media/storage/upload-storage.js';
import type { ErrorReports } from './telemetry/error-reports.js';

/**
 * The caches of the domains. Declared empty here and filled in where they are made (domains/caches.ts), so this
 * file, which every layer imports, imports no domain's types.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by domains/caches.ts (declaration merging).
export interface AppCaches {}

/** Everything a route or job needs, passed explicitly rather than hung on globals. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: DialectName;
  keys: Keys;
  tokens: TokenService;
  /** Accounts signed out everywhere lately, whose older access tokens are refused (http/auth/sign-outs.ts). */
  signOuts: SignOuts;
  mailer: Mailer;
  /** Per-account attempt counts (failed sign-ins); shared through Redis when REDIS_URL is set. */
  limiter: AttemptLimiter;
  /** The Redis connection when REDIS_URL is set (rate limits across instances). */
  redis: Redis | null;
  /** Tells every instance (through Redis when configured) of writes that make their caches stale. */
  cacheBus: CacheBus;
  /** Tells every instance's live streams that a citizen's notifications changed (ADR 078). */
  bell: CitizenBell;
  /** The domains' caches, made and typed in domains/caches.ts (which fills in `AppCaches`). */
  caches: AppCaches;
  media: {
    /** Parts of uploads in progress (ADR 009). */
    uploads: UploadStorage;
    /** Processed renditions, served to everyone. */
    files: MediaStorage;
    queue: JobQueue;
  };
  /** Unexpected errors reported for requests whose consent allows it (a no-op outside prod, uat and test). */
  errorReports: ErrorReports;
  /** Milliseconds since the epoch; replaceable so tests can fix time. */
  now: () => number;
}
