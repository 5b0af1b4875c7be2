import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import compression from 'compression';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { refusesMailboxPage } from '../domains/identity/dev-mailbox.js';
import { sessionCookieNames } from '../http/auth/cookies.js';
import { microCache } from '../http/micro-cache.js';
import { newNonce, type SecurityHeaders, securityHeaders } from '../http/security-headers.js';
import { objectStorageOrigins } from '../media/storage/s3-settings.js';
import { answerWithKept, type KeptPage, keptPageKey, keptWithCookies, recordPage } from './guest-pages.js';
import { publicFilePaths } from './public-files.js';
import { startPageRenderer } from './renderer.js';
import { PAGE_FAILED_TEXT } from './renderer-messages.js';
import { deferFrameworkScripts } from './scripts-after-load.js';

/** The web package, beside this one in the workspace (the same from `src/` under test and from `dist/`). */
export const defaultWebDir = fileURLToPath(new URL('../../../web', import.meta.url));

// Paths the API owns: an unknown path under them is the API's JSON 404, never a web page.
const apiPrefixes = ['/api', '/healthz', '/livez', '/media', '/monitoring'];

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return apiPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Next's own bookkeeping headers, which say nothing a browser needs and describe the app's insides. */
const INTERNAL_HEADERS = [
  'x-middleware-rewrite',
  'x-middleware-next',
  'x-nextjs-cache',
  'x-nextjs-prerender',
  'x-nextjs-rewritten-path',
  'x-nextjs-rewritten-query',
];

/**
 * What of a page request the renderer must not be handed: a target that is not a path (absolute-form
 * `http://other.example/x`, or `*`), which it would redirect to as given; a router state header (sent with
 * client navigations) that is not the JSON array it parses, which it would answer with a 500.
 */
function unfitForPages(url: string, headers: IncomingMessage['headers']): string | null {
  if (!url.startsWith('/')) return 'Ask for a page by its path (/…), not by a full address';
  const tree = headers['next-router-state-tree'];
  if (tree === undefined) return null;
  try {
    if (typeof tree === 'string' && Array.isArray(JSON.parse(decodeURIComponent(tree)))) return null;
  } catch {}
  return 'The Next-Router-State-Tree header is malformed';
}

/**
 * Adjusts a page's headers at the last moment, as they go out (Next sets its own while rendering): pages are
 * chosen by the browser's language (ADR 003), so shared caches must key on Accept-Language; internal headers
 * are dropped.
 */
function finishHeaders(res: ServerResponse): void {
  const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    for (const name of INTERNAL_HEADERS) res.removeHeader(name);
    const vary = String(res.getHeader('vary') ?? '');
    if (!/\baccept-language\b/i.test(vary))
      res.setHeader('vary', vary ? `${vary}, Accept-Language` : 'Accept-Language');
    return writeHead.apply(res, args);
  }) as ServerResponse['writeHead'];
}

/**
 * The security headers of a page (ADR 016). The policy travels on the request too: Next reads the nonce
 * there and puts it on every script it writes. Whatever policy a client sent is replaced.
 */
function secure(request: IncomingMessage, res: ServerResponse, headers: SecurityHeaders): string {
  const nonce = newNonce();
  const policy = headers.pagePolicy(nonce);
  request.headers['content-security-policy'] = policy;
  for (const [name, value] of Object.entries(headers.common)) res.setHeader(name, value);
  res.setHeader('content-security-policy', policy);
  return nonce;
}

/**
 * Pages live at one origin, PUBLIC_URL: the session cookies, the sign-in's return address and every absolute
 * link name it, so a page opened at another address (127.0.0.1 for localhost, a bare IP, an old name) is sent
 * there with its path and query, before anything is set on the wrong host. Reads only (a form posted to another
 * host is left alone rather than losing its body); the API answers at any host.
 */
function toPublicOrigin(publicUrl: URL, method: string, host: string | undefined, url: string): string | null {
  if ((method !== 'GET' && method !== 'HEAD') || host === publicUrl.host) return null;
  // Joined as text: resolving `//other.example/` against the origin would leave it (an open redirect).
  return `${publicUrl.origin}${url.startsWith('/') ? url : `/${url}`}`;
}

const distDirOf = (): string => process.env.NEXT_DIST_DIR ?? '.next';

/** Where `next build` wrote the build of the web app in `dir` (NEXT_DIST_DIR, as next.config.ts reads it). */
export const webBuildDir = (dir: string = defaultWebDir): string => join(dir, distDirOf());

/**
 * The configuration `next build` resolved and wrote beside the build, as JSON: what Next's own standalone
 * server hands it in `__NEXT_PRIVATE_STANDALONE_CONFIG`. Given it, Next does not load `next.config.ts` again:
 * loading it means compiling it with SWC, whose native modules then stay mapped for the life of the process,
 * about 40 MB of resident memory for one file read once. (Next's `conf` option would not do: its request
 * handler loads the file again regardless.)
 */
function builtConfig(dir: string): string {
  const file = join(webBuildDir(dir), 'required-server-files.json');
  const { config } = JSON.parse(readFileSync(file, 'utf8')) as { config: Record<string, unknown> };
  return JSON.stringify({ ...config, distDir: distDirOf() });
}

/**
 * Sets what the renderer thread reads of the build from the environment, which it starts with a copy of (the
 * API's address and the rendering client's credentials are set there too, by web/ssr-client.ts). Set, not
 * defaulted: the configuration is the one of the build being mounted.
 */
export function setWebBuildConfig(dir: string = defaultWebDir): void {
  process.env.NEXT_TELEMETRY_DISABLED ??= '1';
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = builtConfig(dir);
}

/** Whether `next build` has produced a production build in `dir`. */
export function hasWebBuild(dir: string = defaultWebDir): boolean {
  return existsSync(join(webBuildDir(dir), 'BUILD_ID'));
}

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** Guests' pages kept at once (web/guest-pages.ts): about 100 KB each, for a second. */
const KEPT_PAGES_MAX = 64;

/**
 * The build's content-hashed scripts, styles and fonts, served from disk with the brotli or gzip copy the build
 * made of each (apps/web/scripts/precompress-static.mjs): at the highest levels, about 15 % smaller than what a
 * per-request compressor sends, and no compression work per fetch. A file without a copy goes out as it is.
 */
async function registerBuildAssets(app: FastifyInstance, dir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: join(webBuildDir(dir), 'static'),
    prefix: '/_next/static/',
    decorateReply: false,
    preCompressed: true,
    list: false,
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    etag: true,
    lastModified: true,
    cacheControl: true,
    maxAge: ONE_YEAR_MS,
    immutable: true,
    // The copies are reached through the original's name only.
    allowedPath: (pathName) => !/\.(br|gz)$/.test(pathName),
  });
}

/**
 * Mounts the web front end on every path the API does not serve: one process, one origin. Fastify's own
 * routes always win (they are more specific than the catch-all). Without a web build the server stays API-only.
 */
export async function mountWeb(app: FastifyInstance, ctx: AppContext, dir: string = defaultWebDir): Promise<void> {
  if (!hasWebBuild(dir)) {
    app.log.warn({ dir }, 'no web build found (run `npm run build`); serving the API only');
    return;
  }
  setWebBuildConfig(dir);
  const renderer = await startPageRenderer({
    dir,
    hostname: ctx.config.HOST,
    port: ctx.config.PORT,
    log: (message, error) => app.log.error({ err: error }, message),
    errorReporting: ctx.config,
  });
  await registerBuildAssets(app, dir);

  // Compression is done here rather than by Next (`compress: false` in next.config), so that the page can be
  // rewritten before it is compressed (web/scripts-after-load.ts).
  const compress = compression();
  const publicUrl = new URL(ctx.config.PUBLIC_URL);
  const headers = securityHeaders(ctx.config.PUBLIC_URL, objectStorageOrigins(ctx.config) ?? undefined);
  // A guest's page, kept for a moment for the guests who ask the same (web/guest-pages.ts, ADR 042); a render
  // in progress is waited for rather than started again. Cleared with the guests' stage pages.
  const keptPages = microCache<KeptPage | null>({ ttlMs: ctx.config.GUEST_PAGE_CACHE_MS, maxEntries: KEPT_PAGES_MAX });
  ctx.cacheBus.on('stage-changed', () => keptPages.clear());
  const allowedCookies = keptWithCookies(sessionCookieNames(ctx.config.PUBLIC_URL).guestToken);
  await app.register(async (scope) => {
    // Next reads request bodies (server actions, form posts) itself, so Fastify must leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const uncountedPaths = publicFilePaths(dir);
    scope.all('/*', { schema: { hide: true }, config: { uncountedPaths } }, async (request, reply) => {
      if (isApiPath(request.url) || refusesMailboxPage(ctx.config, request)) return reply.callNotFound();
      const unfit = unfitForPages(request.url, request.headers);
      if (unfit) return reply.code(400).type('text/plain; charset=utf-8').send(unfit);
      // The host as sent, or as a proxy named in TRUST_PROXY forwarded it.
      const elsewhere = toPublicOrigin(publicUrl, request.method, request.host, request.url);
      if (elsewhere) return reply.redirect(elsewhere, 308);
      reply.hijack();
      const nonce = secure(request.raw, reply.raw, headers);
      finishHeaders(reply.raw);
      // In this order: the rewrite sits over the compression, so it sees the page as Next wrote it.
      compress(request.raw as never, reply.raw as never, () => {});
      const key = ctx.config.GUEST_PAGE_CACHE_MS > 0 ? keptPageKey(request.raw, allowedCookies) : null;
      if (key !== null) {
        let rendersIt = false;
        const kept = keptPages.get(key, () => {
          rendersIt = true;
          return recordPage(reply.raw, nonce);
        });
        if (!rendersIt) {
          // A page that is not for others, or whose render never ended, is rendered for this request.
          const page = await kept.catch(() => null);
          if (page) return answerWithKept(request.raw, reply.raw, page, nonce);
        }
      }
      deferFrameworkScripts(reply.raw, nonce);
      try {
        await renderer.handle(request.raw, reply.raw);
      } catch (error) {
        // Next renders its own error pages; this is only for a renderer that could not answer.
        request.log.error({ err: error }, 'web request failed');
        // Part of the page has gone out: only a cut connection tells the browser it is incomplete.
        if (reply.raw.headersSent) return void reply.raw.destroy();
        reply.raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        reply.raw.end(PAGE_FAILED_TEXT);
      }
    });
  });
  app.addHook('onClose', async () => renderer.close());
}
