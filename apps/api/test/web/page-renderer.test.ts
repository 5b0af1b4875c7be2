import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasWebBuild } from '../../src/web/mount.js';
import { type DemoSite, startDemoSite } from './demo-site.js';

/** The symbols a promise made now carries: one per AsyncLocalStorage store in use in this thread (Node 20). */
const storesOnNewPromises = () => Object.getOwnPropertySymbols(Promise.resolve()).length;

// Served from the production web build, as web-shell.test.ts explains (`npm run build:web` first).
describe.skipIf(!hasWebBuild())('pages rendered in a thread of their own (ADR 043)', () => {
  let site: DemoSite;
  let storesBefore: number;

  beforeAll(async () => {
    storesBefore = storesOnNewPromises();
    site = await startDemoSite();
  });

  afterAll(async () => {
    await site?.close();
  });

  it('renders pages, streamed through this thread with its headers, without Next ever running in it', async () => {
    for (const path of ['/', '/u/alice', '/sign-up']) {
      const response = await fetch(`${site.baseUrl}${path}`, { headers: { 'accept-language': 'en-GB' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('content-security-policy')).toMatch(/script-src 'nonce-/);
      expect(response.headers.get('vary')).toMatch(/Accept-Language/);
      expect(await response.text()).toMatch(/<\/html>$/);
    }
    // Nothing of Next's server is loaded here, and its request stores are not copied onto this thread's
    // promises (with Next rendering in this thread, every promise made after the first page carried them).
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.filter((file) => file.includes('/node_modules/next/'))).toEqual([]);
    expect(storesOnNewPromises()).toBe(storesBefore);
  });
});
