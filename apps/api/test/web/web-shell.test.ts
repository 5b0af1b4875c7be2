import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import { createContext } from '../../src/create-context.js';
import { hasWebBuild, mountWeb, webBuildDir } from '../../src/web/mount.js';
import { analyticsMessage, openSocket } from '../support/analytics-socket-client.js';
import { freePort } from '../support/free-port.js';

// The web shell is served by the API process from the production build in apps/web/.next, which the root
// `npm test` makes first (`npm run build:web`). A bare `vitest run` on a fresh clone has no build to serve.
const webBuilt = hasWebBuild();

describe.skipIf(!webBuilt)('web shell served by the API process (needs the web build: npm run build:web)', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let baseUrl: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'civitas-web-'));
    // Pages are served at PUBLIC_URL only, so it must name the port the server listens on.
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: baseUrl });
    ctx = await createContext(config, { sqliteFile: ':memory:' });
    app = await buildApp(ctx);
    await mountWeb(app, ctx);
    await app.listen({ port, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app?.close();
    await ctx?.db.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const page = async (path: string, acceptLanguage?: string) => {
    const response = await fetch(`${baseUrl}${path}`, {
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });
    const html = await response.text();
    return { response, html, lang: /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1] };
  };

  it('serves the English application wrapper at / when the browser states no language', async () => {
    const { response, html, lang } = await page('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(lang).toBe('en');
    expect(html).toContain('>Main stage<');
    for (const landmark of ['<header', '<nav', '<main id="main"', '<footer']) expect(html).toContain(landmark);
    expect(html).toMatch(/<a class="skip-link" href="#main">Skip to main content<\/a>/);
    expect(html).toContain('href="/api/docs"');
  });

  it('lets ?displayLanguage= force the language over the browser language', async () => {
    const { html, lang } = await page('/?displayLanguage=fr', 'de-DE,de;q=0.9');
    expect(lang).toBe('fr');
    expect(html).toContain('>Scène principale<');
    expect(html).toContain('Aller au contenu principal');
    expect(html).not.toContain('>Main stage<');
  });

  it('follows the first part of the browser language, else English', async () => {
    expect((await page('/', 'de-CH,fr;q=0.8')).lang).toBe('de');
    expect((await page('/', 'hi-IN')).html).toContain('>मुख्य मंच<');
    // Only the first language counts: Japanese is not offered, so German further down the list is ignored.
    expect((await page('/', 'ja,de;q=0.9')).lang).toBe('en');
    expect((await page('/?displayLanguage=xx', 'it')).lang).toBe('it');
  });

  it('tells shared caches that pages vary by browser language', async () => {
    const { response } = await page('/');
    expect(response.headers.get('vary')).toMatch(/accept-language/i);
  });

  it('answers an unknown page with a 404 in the chosen language', async () => {
    const { response, html } = await page('/no/such/page?displayLanguage=es');
    expect(response.status).toBe(404);
    expect(html).toContain('Página no encontrada');
  });

  it('leaves the API its own paths: health, OpenAPI and the JSON 404', async () => {
    const health = await fetch(`${baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    const openapi = await fetch(`${baseUrl}/api/openapi.json`);
    expect(openapi.status).toBe(200);
    expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\./);

    for (const path of ['/api/nope', '/api', '/media/nope', '/healthz/nope', '/monitoring', '/monitoring/nope']) {
      const missing = await fetch(`${baseUrl}${path}`);
      expect(missing.status, path).toBe(404);
      expect(missing.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(((await missing.json()) as { code: string }).code, path).toBe('ROUTE_NOT_FOUND');
    }
    // The error-report tunnel, not a page (reporting is off here, so the envelope is dropped).
    const tunnel = await fetch(`${baseUrl}/monitoring`, { method: 'POST', body: '{}\n', headers: { cookie: 'x=1' } });
    expect(tunnel.status).toBe(204);
  });

  it('hands request bodies to the web app untouched and never fails on them', async () => {
    const response = await fetch(`${baseUrl}/`, {
      method: 'POST',
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    // Read to the end: an unread response keeps its connection busy, and closing the server waits for it.
    await response.text();
    expect(response.status).toBeLessThan(500);
  });
  it('keeps the analytics websocket working once pages have been served', async () => {
    // Pages first: the web app must not take over the server's upgrades after its first request.
    expect((await page('/')).response.status).toBe(200);
    const session = await fetch(`${baseUrl}/api/auth/refresh-guest`, {
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/json' },
      body: '{}',
    });
    const cookie = session.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^civitas_guest_token=/);
    const port = (app.server.address() as AddressInfo).port;
    const client = await openSocket(port, { origin: baseUrl, cookie });
    try {
      const message = analyticsMessage('page_viewed', { currentUrl: `${baseUrl}/` });
      client.socket.send(JSON.stringify(message));
      expect(await client.framesUntil(1)).toEqual([{ type: 'ack', eventId: message.data.metadata.eventId }]);
    } finally {
      client.close();
    }
  });
  it('sends a page asked for at another address to PUBLIC_URL, path and query kept, and leaves the API alone', async () => {
    const elsewhere = baseUrl.replace('127.0.0.1', 'localhost');
    // Every body is read: a response left unread keeps its connection busy and the server from closing.
    const status = async (url: string) => {
      const response = await fetch(url, { redirect: 'manual' });
      await response.arrayBuffer();
      return { status: response.status, location: response.headers.get('location') };
    };
    expect(await status(`${elsewhere}/u/alice?displayLanguage=de`)).toEqual({
      status: 308,
      location: `${baseUrl}/u/alice?displayLanguage=de`,
    });
    // A path that looks like another host stays a path of ours.
    expect((await status(`${elsewhere}//evil.example/x`)).location).toBe(`${baseUrl}//evil.example/x`);
    expect((await status(`${elsewhere}/healthz`)).status).toBe(200);
    expect((await status(`${baseUrl}/`)).status).toBe(200);
  });

  it('sends the security headers on pages, API answers and docs, and no internal header', async () => {
    const common = {
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'x-frame-options': 'DENY',
    };
    const forged = "script-src 'nonce-chosen-by-the-client'";
    const page = await fetch(`${baseUrl}/`, { headers: { 'content-security-policy': forged } });
    const html = await page.text();
    expect(Object.fromEntries(Object.keys(common).map((name) => [name, page.headers.get(name)]))).toEqual(common);
    expect(page.headers.get('permissions-policy')).toContain('camera=()');
    expect(page.headers.get('x-middleware-rewrite')).toBeNull();
    // Plain HTTP here: no HSTS (it would pin a name that has no HTTPS).
    expect(page.headers.get('strict-transport-security')).toBeNull();
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-eval');
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    // Every script of the page carries this answer's nonce, never the one a client sent.
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    const again =
      (await fetch(`${baseUrl}/`).then((response) => response.headers.get('content-security-policy'))) ?? '';
    expect(again).not.toBe(policy);

    for (const path of ['/healthz', '/api/openapi.json', '/api/nothing-here']) {
      const answer = await fetch(`${baseUrl}${path}`);
      await answer.arrayBuffer();
      expect(answer.headers.get('content-security-policy'), path).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
    }
    const docs = await fetch(`${baseUrl}/api/docs/static/index.html`);
    await docs.arrayBuffer();
    expect(docs.headers.get('content-security-policy')).toMatch(/script-src 'self'( 'sha256-[^']+')* ?;/);
    expect(docs.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it("loads the framework's scripts after the page, with its nonce, compresses pages and sends scripts precompressed and marked for eager compilation", async () => {
    const response = await fetch(`${baseUrl}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const html = await response.text(); // fetch undoes the gzip
    const nonce = /script-src 'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(html).not.toMatch(/<script src="\/_next\/static\/[^"]+\.js"[^>]*\basync\b/);
    const opening = `<script nonce="${nonce}">(function(){var d=document,n="${nonce}",s=`;
    const at = html.indexOf(opening);
    expect(at).toBeGreaterThan(html.indexOf('<main'));
    const list = html.slice(at + opening.length, html.indexOf(']', at) + 1);
    const sources = JSON.parse(list) as string[];
    expect(sources.length).toBeGreaterThan(2);

    // Every script the loader names is there: plain for a client that accepts no encoding, and otherwise the
    // brotli or gzip copy the build made of it (the very file, not one compressed per request), decoding to
    // the same text. Small files have no copies and go out plain.
    for (const src of sources) {
      const file = join(webBuildDir(), src.slice('/_next/'.length));
      const plain = await fetch(`${baseUrl}${src}`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.status, src).toBe(200);
      expect(plain.headers.get('content-type'), src).toMatch(/^application\/javascript/);
      expect(plain.headers.get('content-encoding'), src).toBeNull();
      expect(plain.headers.get('cache-control'), src).toBe('public, max-age=31536000, immutable');
      expect(plain.headers.get('vary'), src).toMatch(/accept-encoding/i);
      const text = await plain.text();
      expect(text, src).toBe(readFileSync(file, 'utf8'));
      // V8's compile hint (apps/web/scripts/compile-hints.mjs, ADR 038) on the first line, in every copy.
      expect(text.startsWith('//# allFunctionsCalledOnLoad\n'), src).toBe(true);
      for (const [encoding, suffix] of [
        ['br', '.br'],
        ['gzip', '.gz'],
      ] as const) {
        const encoded = await fetch(`${baseUrl}${src}`, { headers: { 'accept-encoding': encoding } });
        expect(await encoded.text(), src).toBe(text); // fetch undoes the encoding
        if (text.length < 1024) {
          expect(encoded.headers.get('content-encoding'), src).toBeNull();
          continue;
        }
        expect(encoded.headers.get('content-encoding'), src).toBe(encoding);
        expect(Number(encoded.headers.get('content-length')), src).toBe(statSync(`${file}${suffix}`).size);
      }
    }
    // The copies are not addresses of their own.
    expect((await fetch(`${baseUrl}${sources[0]}.br`)).status).toBe(404);
  });
});
