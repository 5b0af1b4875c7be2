import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Every security header of the app, decided here (ADR 016): the ones every answer carries, the pages' policy
 * (with a nonce per page for Next's scripts) and the API's, which allows nothing since JSON runs nothing.
 */
export interface SecurityHeaders {
  /** Headers on every answer: pages, API, media, docs. */
  readonly common: Readonly<Record<string, string>>;
  /** The Content-Security-Policy of an answer that is not a page (JSON, health): nothing may run or load. */
  readonly apiPolicy: string;
  /**
   * Every header of an answer that is not a page, as a flat name-value list made once: `common`, the API's
   * policy and its caching (`API_CACHE_CONTROL`). The routes' hook and the express lane both write this list.
   */
  readonly api: readonly string[];
  /** A page's Content-Security-Policy with the nonce its scripts carry. */
  pagePolicy(nonce: string): string;
  /** The API docs page's policy (swagger-ui's own, with its script hashes), fitted to this origin. */
  docsPolicy(swaggerPolicy: string): string;
}

const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** Origins other than this one that pages load from, when media lives on object storage (ADR 021). */
export interface OtherOrigins {
  /** Where pictures, videos and HLS playlists are read (the bucket's public address or a CDN). */
  media: string;
  /** Where the browser PUTs upload parts with presigned URLs (the bucket's own addresses). */
  uploads: readonly string[];
}

export function securityHeaders(publicUrl: string, elsewhere?: OtherOrigins): SecurityHeaders {
  const media = elsewhere ? ` ${elsewhere.media}` : '';
  // hls.js fetches playlists and segments, so the media origin is one to connect to as well as the part PUTs'.
  const connect = elsewhere
    ? [...new Set([elsewhere.media, ...elsewhere.uploads])].map((origin) => ` ${origin}`).join('')
    : '';
  const https = new URL(publicUrl).protocol === 'https:';
  const common: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    // For browsers without frame-ancestors.
    'x-frame-options': 'DENY',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const upgrade = https ? ['upgrade-insecure-requests'] : [];
  const apiPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
  return {
    common,
    apiPolicy,
    api: [...Object.entries(common).flat(), 'content-security-policy', apiPolicy, 'cache-control', API_CACHE_CONTROL],
    pagePolicy: (nonce) =>
      [
        "default-src 'self'",
        // Next's scripts carry the nonce; what they load (code split chunks) is trusted through them.
        `script-src 'nonce-${nonce}' 'strict-dynamic'`,
        // React sets style attributes and the toast and progress bar libraries add style elements.
        "style-src 'self' 'unsafe-inline'",
        // Pictures from our media, placeholders as data: addresses, a chosen file's preview as blob:.
        `img-src 'self'${media} data: blob:`,
        // Videos from our media; HLS playback feeds the player through blob: addresses.
        `media-src 'self'${media} blob:`,
        // The API, the analytics socket and the error-report tunnel are all this origin; with object storage
        // also the bucket (part uploads) and the media origin (HLS).
        `connect-src 'self'${connect}`,
        "font-src 'self'",
        "worker-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        ...upgrade,
      ].join('; '),
    docsPolicy: (swaggerPolicy) =>
      `${swaggerPolicy
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(https ? /$^/ : /\s*upgrade-insecure-requests;?/, '')
        .trim()
        .replace(/;$/, '')}; style-src-attr 'unsafe-inline'`,
  };
}

/** A fresh nonce for one page (128 bits, base64). */
export const newNonce = (): string => randomBytes(16).toString('base64');

/**
 * What an API answer may be kept as: nowhere. Answers are the caller's own (their likes and follows, their email
 * in `/influencers/me`), and a session cookie, unlike an Authorization header, does not keep a shared cache from
 * storing them. Answers that may be kept say so themselves (media, build assets, the key set), over this.
 */
export const API_CACHE_CONTROL = 'no-store';

/** The headers of an answer that is not a page: every answer's, the API's policy and its caching. */
export function setApiHeaders(reply: FastifyReply, headers: SecurityHeaders): void {
  const { api } = headers;
  for (let at = 0; at < api.length; at += 2) reply.header(api[at] as string, api[at + 1] as string);
}

export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  // A callback hook, not an async one: every request runs it, and with the web server's AsyncLocalStorage on
  // in this process each promise also costs a hook call (docs/benchmarks/2026-11-25.md, "night").
  app.addHook('onRequest', (_request, reply, done) => {
    setApiHeaders(reply, headers);
    done();
  });
}
