import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { CONSENT_COOKIE, LANGUAGE_COOKIE, THEME_COOKIE } from '@civitas/contract';
import { GzipTemplate } from '../http/gzip-template.js';
import { takesGzip } from '../http/serialized-body.js';

/**
 * A guest's page as it was rendered, kept for GUEST_PAGE_CACHE_MS so that other guests asking the same thing in
 * that moment are answered from it instead of rendering it again (ADR 042). Rendering a page took about 30 ms of
 * the server's one main thread: 45–52 pages a second on a fast machine, where the API answers the same data
 * tens of thousands of times a second, and a link shared widely is exactly many guests asking for one page.
 */
export interface KeptPage {
  /** What the page's answer said besides its policy, its date and its framing (set again per answer). */
  headers: OutgoingHttpHeaders;
  body: string;
  /** The nonce the page was rendered with: each answer writes its own in its place. */
  nonce: string;
  /**
   * The page gzipped once around its nonces (http/gzip-template.ts), made for the first answer that takes gzip;
   * null when the page cannot be one (a zero byte in it).
   */
  gzipped?: GzipTemplate | null;
}

/**
 * The cookies a page may be kept with: the language, theme and consent choices (in the key) and the guest's API token,
 * which the render does not read. A request with any other cookie (a citizen's session above all) is rendered
 * for itself, so a cookie that a page starts to read later cannot be answered from another visitor's page.
 */
export const keptWithCookies = (guestTokenCookie: string): ReadonlySet<string> =>
  new Set([LANGUAGE_COOKIE, THEME_COOKIE, CONSENT_COOKIE, guestTokenCookie]);

/**
 * The key under which a request's page is kept, or null when its page is its own: not a GET, one of the
 * router's requests for a page's data (`RSC`, `Next-*` headers) rather than a document, or a Cookie header that
 * is not plainly `allowedCookies` (`keptCookies`). The key holds everything else a page is rendered from: the
 * address with its query (`displayLanguage`), the host as sent or forwarded, Accept-Language (the language and
 * the region's stage), the user agent (crawlers are given the page's metadata differently) and the three choices'
 * cookies.
 */
export function keptPageKey(request: IncomingMessage, allowedCookies: ReadonlySet<string>): string | null {
  if (request.method !== 'GET') return null;
  const { headers } = request;
  if (headers.rsc !== undefined || Object.keys(headers).some((name) => name.startsWith('next-'))) return null;
  const cookies = keptCookies(headers.cookie, allowedCookies);
  if (cookies === null) return null;
  return JSON.stringify([
    request.url,
    headers.host,
    headers['x-forwarded-host'],
    headers['x-forwarded-proto'],
    headers['accept-language'],
    headers['user-agent'],
    cookies.get(LANGUAGE_COOKIE),
    cookies.get(THEME_COOKIE),
    cookies.get(CONSENT_COOKIE),
  ]);
}

/** What the allowed cookies' values are made of (base64url tokens, `v1.e0.a0`, `en`): no separator of any kind. */
const PLAIN_VALUE = /^[\w.~%+/=-]*$/;

/**
 * The request's cookies, when the header is nothing but `name=value` pairs of allowed names, each named once
 * with a plain value; else null. Read from the raw header rather than through a parser, so that no other
 * parser (the web renderer's) can find in it a cookie this one did not: a duplicate name or an odd separator
 * could otherwise render a page from a cookie the key does not hold, and keep it for others.
 */
function keptCookies(header: string | undefined, allowed: ReadonlySet<string>): Map<string, string> | null {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const trimmed = pair.trim();
    if (trimmed === '') continue;
    const at = trimmed.indexOf('=');
    const name = trimmed.slice(0, at);
    const value = trimmed.slice(at + 1);
    if (at <= 0 || !allowed.has(name) || cookies.has(name) || !PLAIN_VALUE.test(value)) return null;
    cookies.set(name, value);
  }
  return cookies;
}

/** Set per answer, or by the compression for each answer: never taken from the kept page. */
const PER_ANSWER_HEADERS = new Set([
  'content-security-policy',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
]);

/**
 * Records the page written to `res`, as it passes on to the compression: resolves with it once the answer has
 * ended, or with null when it is not for other guests (anything but a 200 HTML page, or an answer that sets a
 * cookie). Rejects when the answer never ended (the client went away), so that nothing is kept for it.
 */
export function recordPage(res: ServerResponse, nonce: string): Promise<KeptPage | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === 'string')
        chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      // A copy: the writer may reuse its buffer once written.
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    const write = res.write as (...args: unknown[]) => boolean;
    const end = res.end as (...args: unknown[]) => ServerResponse;
    res.write = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      return write.apply(res, args);
    }) as ServerResponse['write'];
    res.end = ((...args: unknown[]) => {
      if (typeof args[0] !== 'function') keep(args[0], args[1]);
      resolve(keptFrom(res, Buffer.concat(chunks).toString('utf8'), nonce));
      return end.apply(res, args);
    }) as ServerResponse['end'];
    res.once('close', () => reject(new Error('the answer did not end')));
  });
}

function keptFrom(res: ServerResponse, body: string, nonce: string): KeptPage | null {
  if (res.statusCode !== 200 || res.hasHeader('set-cookie')) return null;
  if (!/^text\/html\b/.test(String(res.getHeader('content-type') ?? ''))) return null;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (!PER_ANSWER_HEADERS.has(name)) headers[name] = value;
  }
  return { headers, body, nonce };
}

/**
 * Answers with a kept page, its nonce replaced by this answer's (`nonce`, already in this answer's policy):
 * every script the page carries was written with the old one, and a nonce is 24 characters of base64 drawn at
 * random, found nowhere else in a page. Gzipped from the page's template when the client takes gzip (a few
 * microseconds, where compressing the page for each answer took about 1.5 ms); otherwise as it is, through the
 * compression like any page.
 */
export function answerWithKept(request: IncomingMessage, res: ServerResponse, kept: KeptPage, nonce: string): void {
  for (const [name, value] of Object.entries(kept.headers)) if (value !== undefined) res.setHeader(name, value);
  res.statusCode = 200;
  const template = takesGzip(request.headers['accept-encoding']) ? gzipTemplateOf(kept) : null;
  const gzipped = template?.fill(Array<string>(template.holes).fill(nonce));
  if (!gzipped) return void res.end(kept.body.replaceAll(kept.nonce, nonce));
  // Already encoded: the compression lets it through as it is.
  res.setHeader('content-encoding', 'gzip');
  res.setHeader('content-length', gzipped.length);
  res.end(gzipped);
}

function gzipTemplateOf(kept: KeptPage): GzipTemplate | null {
  if (kept.gzipped === undefined) {
    try {
      kept.gzipped = new GzipTemplate(kept.body.split(kept.nonce), Buffer.byteLength(kept.nonce));
    } catch {
      kept.gzipped = null;
    }
  }
  return kept.gzipped;
}
