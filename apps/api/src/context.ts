import type { Redis } from 'ioredis';
import type { CacheBus } from './cache/cache-bus.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { DialectName } from './db/dialect.js';
import type { SharedStagePage } from './domains/feeds/citizen-stage-page.js';
import type { Skeleton } from './domains/feeds/pipeline.js';
import type { StageHead } from './domains/feeds/skeletons/stage-snapshot.js';
import type { HashtagList } from './domains/hashtags/list-hashtags.js';
import type { Mailer } from './domains/identity/mailer.js';
import type { CitizenSummaryCache, PostCache } from './domains/posts/post-cache.js';
import type { CheckedPostJson } from './domains/posts/post-json.js';
import type { AttemptLimiter } from './http/attempt-limiter.js';
import type { Keys } from './http/auth/keys.js';
import type { SignOuts } from './http/auth/sign-outs.js';
import type { TokenService } from './http/auth/tokens.js';
import type { MicroCache } from './http/micro-cache.js';
import type { SerializedBody } from './http/serialized-body.js';
import type { JobQueue } from './media/jobs/job-queue.js';
import type { MediaStorage } from './media/storage/media-storage.js';
import type { UploadStorage } from './media/storage/upload-storage.js';
import type { ErrorReports } from './telemetry/error-reports.js';

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
  caches: {
    /** Guests' stage pages by country, size and token or settled snapshot; see GUEST_PAGE_CACHE_MS. */
    guestStagePages: MicroCache<SerializedBody>;
    /** The newest stagings of each country, which settle first pages' snapshots; see stageHeadCacheMs. */
    stageHeads: MicroCache<StageHead>;
    /** Stage pages as citizens share them, by country, size and token or settled snapshot; see STAGE_SKELETON_CACHE_MS. */
    citizenStagePages: MicroCache<SharedStagePage>;
    /** Stage skeletons (post ids and token) by request; see STAGE_SKELETON_CACHE_MS. */
    stageSkeletons: MicroCache<Skeleton>;
    /** Post content by id (POST_CACHE_ENTRIES), checked against the live row on every read. */
    posts: PostCache;
    /** Per page or post (by post ids), the JSON (likes aside) that last passed the response schema. */
    checkedPostJson: CheckedPostJson;
    /** The hashtag list without a search, by limit and offset, for HASHTAG_LIST_CACHE_MS. */
    hashtagLists: MicroCache<HashtagList>;
    /** Mentioned citizens' summaries by id, for MENTION_CACHE_MS. */
    citizenSummaries: CitizenSummaryCache;
  };
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
