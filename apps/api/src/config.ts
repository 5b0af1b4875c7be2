import { z } from 'zod';
import { s3Settings } from './media/storage/s3-settings.js';
import { parseDsn } from './telemetry/dsn.js';

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Deployment environment of docs/product.md §1; error reporting runs only in prod, uat and test. */
  APP_ENV: z.enum(['dev', 'prod', 'uat', 'test']).default('dev'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  /** Rate limits across instances and, with it, the media job queue on BullMQ (ADR 022). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional(),
  /** Key prefix of the BullMQ media queue in Redis, so several deployments can share one Redis. */
  JOB_QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'JOB_QUEUE_PREFIX must be 1-64 letters, digits, dots, dashes or underscores')
    .default('civitas'),
  /**
   * What this process does: `web` serves and runs no media worker, `worker` runs only the media worker and the
   * sweepers (as `npm run worker`), `all` both (ADR 022). ROLE=web wins over MEDIA_WORKER=true.
   */
  ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo citizens and posts when the database is empty. */
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  /**
   * Serve the development mailbox (every emailed code, to anyone who asks) at a PUBLIC_URL that is not this
   * machine, e.g. to try the app from a phone on your network without a mail server. Without it the mailbox
   * exists only at a loopback PUBLIC_URL (localhost, 127.x, ::1), without SMTP_URL, outside production.
   */
  DEV_MAILBOX: z.enum(['true', 'false']).default('false'),
  /** The demo citizens' password (alice … heidi) outside production; never set in production. */
  DEMO_PASSWORD: z.string().min(10, 'DEMO_PASSWORD must be at least 10 characters').default('civitas-demo-password'),
  /** A public, ready post enters its author's country stage once it has this many likes. */
  STAGE_AUTO_LIKES: z.coerce.number().int().min(1).default(3),
  BIRTHDAY_CHARITY_ID: z.string().default('c1a51f1e-0000-7000-8000-000000000001'),
  BIRTHDAY_CHARITY_NAME: z.string().default('Birthday Fund'),
  BIRTHDAY_CHARITY_COUNTRY: z.string().default('GB'),
  /**
   * How long a guest's stage page, and a guest's HTML page (ADR 042), may be served from memory (0: never).
   * Guests may see a page this stale.
   */
  GUEST_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * How long a page of stage post ids may be reused for citizens (0: never). Counts, likes and visibility stay
   * live; a post staged by another process (the CLI, another instance) reaches citizens this much later.
   */
  STAGE_SKELETON_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Posts whose content (caption, links, media) is kept in memory between reads; 0 turns the cache off. */
  POST_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  /**
   * How long the hashtag list without a search (most used first) may be served from memory (0: never); a
   * search's list is always read live (ADR 046).
   */
  HASHTAG_LIST_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** How long a mentioned citizen's name and picture may be served from memory (0: never). */
  MENTION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(900),
  MACHINE_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  /** smtp:// or smtps:// URL; without it mail is written to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Civitas <no-reply@civitas.local>'),
  /**
   * Calls to the API in 5 minutes: per citizen when signed in, per address otherwise (Mastodon's default for
   * both is 300); also web pages per address. Machine clients are not counted.
   */
  REQUESTS_PER_5_MINUTES: z.coerce.number().int().min(1).default(300),
  /** Follows and unfollows a citizen may make in an hour (they reach other people). */
  FOLLOWS_PER_HOUR: z.coerce.number().int().min(1).default(40),
  /** Friend requests a citizen may send in an hour. */
  FRIEND_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Posts created plus captions edited (both may mention people) per citizen in 30 minutes. */
  POSTS_PER_30_MINUTES: z.coerce.number().int().min(1).default(30),
  /** Changes to a citizen's name, bio or picture per hour (others see each; a picture is made on the spot). */
  PROFILE_CHANGES_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Comments and replies a citizen may write in 10 minutes (each reaches a post's author and readers; ADR 084). */
  COMMENTS_PER_10_MINUTES: z.coerce.number().int().min(1).default(30),
  /** Reports of posts and citizens a citizen may make in an hour (each reaches a moderator; ADR 070). */
  REPORTS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /**
   * Which proxies' X-Forwarded-For / X-Forwarded-Host to believe: unset (none: the connection's own address
   * counts), or a comma-separated list of their addresses or CIDR ranges (e.g. `127.0.0.1,10.0.0.0/8`).
   */
  TRUST_PROXY: z
    .string()
    .regex(
      /^[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*$/,
      'TRUST_PROXY must be a comma-separated list of addresses or CIDR ranges',
    )
    .optional(),
  /** Per-IP requests a minute on sign-in, sign-up, code entry and token endpoints. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Run media jobs (image and video processing) in this process; `false` is ROLE=web (kept for existing set-ups). */
  MEDIA_WORKER: z.enum(['true', 'false']).default('true'),
  /** A media job running longer than this fails its post with PROCESSING_TIMEOUT. */
  MEDIA_JOB_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60_000),
  /** A running job's lease, renewed while it runs: a job whose worker died is claimed again after this. */
  MEDIA_JOB_LEASE_MS: z.coerce.number().int().min(300).default(30_000),
  /** Tries of a media job that fails for a passing reason (a crash, a full disk) before the post fails. */
  MEDIA_JOB_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** An upload not completed within this time is swept: its parts are deleted. */
  UPLOAD_EXPIRY_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .default(24 * 60 * 60_000),
  /** Uploads a citizen may start in 30 minutes (Mastodon's default is 30). */
  UPLOADS_PER_30_MINUTES: z.coerce.number().int().min(1).default(30),
  /** Bytes a citizen may upload in 24 hours. */
  UPLOAD_DAILY_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(4 * 1024 * 1024 * 1024),
  /** ffmpeg and ffprobe binaries; from PATH when unset. Without them video uploads are refused (503). */
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  /**
   * Where error reports go (a Sentry-protocol DSN). Reporting runs only with it, only when APP_ENV is prod, uat
   * or test, and only for people who consented to error reporting; `/monitoring` forwards to this DSN alone.
   */
  SENTRY_DSN: z
    .url()
    .refine((dsn) => parseDsn(dsn) !== null, 'SENTRY_DSN must look like https://publicKey@host/projectId')
    .optional(),
  /** Error-report envelopes one address may send through `/monitoring` in a minute. */
  MONITORING_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /**
   * The largest envelope `/monitoring` takes, in bytes (larger: 413). Error events are a few KiB; a limit
   * well above them leaves room for breadcrumbs and stack traces without letting the tunnel carry bulk.
   */
  MONITORING_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(20 * 1024 * 1024)
    .default(1024 * 1024),
  /**
   * Analytics events one session may send in a minute, over all its sockets and beacons together; more are
   * refused (an error frame, or 429) and the browser sends them again later.
   */
  ANALYTICS_EVENTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Analytics events from one address in a minute, whatever the sessions (guest sessions cost nothing to make). */
  ANALYTICS_EVENTS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(3000),
  /** Analytics events from one address in a day (a busy shared address's worth, about 100 people's). */
  ANALYTICS_EVENTS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).default(30_000),
  /**
   * Analytics events kept in a day from everyone together: with ANALYTICS_RETENTION_DAYS, a bound on the store
   * whatever the number of addresses a sender has (ADR 051). Past it, events wait for the next day.
   */
  ANALYTICS_EVENTS_PER_DAY: z.coerce.number().int().min(1).default(2_000_000),
  /** Analytics sockets open at once from one address, per instance (a browser opens one per tab). */
  ANALYTICS_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  /**
   * Whether a like tells its post's author (ADR 077). Off until the like path carries it within its goal: told
   * beside each like, in a batch of its own, it halved the like/unlike throughput on PostgreSQL
   * (docs/benchmarks/2026-12-07.md). Follows, requests, acceptances and mentions always tell.
   */
  LIKE_NOTIFICATIONS: z.enum(['true', 'false']).default('false'),
  /** Days a notification is kept; older groups are deleted by the sweeper (ADR 077). */
  NOTIFICATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3660).default(90),
  /**
   * Seconds between a live notification stream's heartbeats, which keep it open through proxies and check its
   * token again, closing it once expired or signed out (ADR 078).
   */
  NOTIFICATION_STREAM_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
  /**
   * Who runs this server, as Web Push services are told with every push (the VAPID `sub`, ADR 079): a
   * `mailto:` address or an `https://` URL they may contact about its pushes. Unset: PUBLIC_URL when it is
   * https, else MAIL_FROM's address (see `vapidSubject`).
   */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: address or an https:// URL')
    .optional(),
  /** Days an analytics event is kept; older ones are deleted by the sweeper (ADR 051). */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3660).default(180),
  /**
   * Failed sign-ins on one account from one address in 15 minutes before that address is refused for the rest
   * of the window; all addresses together get ten times this (ADR 005).
   */
  ACCOUNT_FAILURE_LIMIT: z.coerce.number().int().min(1).default(10),
  /**
   * Email verification codes tried per account in 24 hours, across every
   * code sent: a new code does not buy new guesses, so a 6-digit code cannot be worn down by asking for more.
   */
  CODE_GUESSES_PER_DAY: z.coerce.number().int().min(1).default(20),
  /** Codes and reset links emailed per account and purpose per hour; past it the request is answered alike and nothing is sent. */
  CODE_MAILS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /**
   * Hours a signed-up account waits for its email to be confirmed, seen by nobody else; then it is removed and
   * its username and email are free again (ADR 053).
   */
  PENDING_ACCOUNT_HOURS: z.coerce.number().int().min(1).default(48),
  /**
   * How long a client may take to send one whole request (headers and body). Past it the request is answered
   * 408 and its connection closed, so a client that opens a request and never finishes it (one trickling its
   * bytes, or a flood of such) cannot hold connections for ever. Node's own default; it must leave room for an
   * 8 MB upload part on the slowest uplink served (300 s is 8 MB at about 220 kbit/s).
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
  /**
   * On SIGTERM/SIGINT the server stops taking connections and lets requests in progress finish; past this many
   * milliseconds it exits anyway (code 1), so a stuck upload cannot hold a deploy. Kept under the usual 30 s an
   * orchestrator waits before it sends SIGKILL.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(20_000),
  /**
   * On SIGTERM, how long /healthz answers 503 while requests are still served, before the server stops
   * listening: set it above a proxy's health-check interval when several instances run behind one (ADR 020).
   */
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  // Media on S3-compatible object storage (ADR 021): all of endpoint, bucket and both keys, or none of them
  // (media then stays under DATA_DIR, served at /media/). s3Settings checks they come together.
  /** The object store's address, e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL' }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3-63 of a-z, 0-9, . and -)')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (endpoint/bucket/key), as self-hosted stores want; false: bucket.endpoint/key. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  /** Where browsers read media: the bucket's public address or a CDN origin in front of it. */
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'S3_PUBLIC_URL must be an http:// or https:// URL' }).optional(),
});

/** Settings that only make sense together. */
const CheckedConfigSchema = ConfigSchema.refine(
  (config) => !(config.ROLE === 'worker' && config.MEDIA_WORKER === 'false'),
  {
    path: ['ROLE'],
    message: 'ROLE=worker runs only the media worker, which MEDIA_WORKER=false turns off: unset one of them',
  },
);

export type Config = z.infer<typeof ConfigSchema>;

/** The origin people open the app at (PUBLIC_URL's scheme, host and port): what same-origin checks compare. */
export const publicOrigin = (config: Pick<Config, 'PUBLIC_URL'>): string => new URL(config.PUBLIC_URL).origin;

/**
 * The VAPID subject pushes are sent with (ADR 079): VAPID_SUBJECT, else the public site when it is https, else
 * the mail sender's address (`Civitas <no-reply@example.org>` → `mailto:no-reply@example.org`). Push services
 * refuse a subject that is neither a mailto: nor an https: URL.
 */
export function vapidSubject(config: Pick<Config, 'VAPID_SUBJECT' | 'PUBLIC_URL' | 'MAIL_FROM'>): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const site = new URL(config.PUBLIC_URL);
  if (site.protocol === 'https:') return site.origin;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

/** Keys that may reach the browser; everything else stays on the server. */
export const browserConfigKeys = ['APP_ENV', 'PUBLIC_URL', 'SENTRY_DSN'] as const satisfies readonly (keyof Config)[];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = CheckedConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`invalid configuration: ${problems}`);
  }
  s3Settings(parsed.data); // throws, naming what is missing, when object storage is half configured
  return parsed.data;
}
