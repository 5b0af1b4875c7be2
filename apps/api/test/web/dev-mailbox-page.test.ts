import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasWebBuild } from '../../src/web/mount.js';
import { type DemoSite, startDemoSite } from './demo-site.js';
import { rawRequest } from './raw-request.js';

/**
 * The development mailbox page shows every emailed code and link. Its page reads the outbox through the API from this
 * machine, so the caller's own address is what must be checked: a caller elsewhere on the network (here, as a
 * trusted proxy reports one) gets a 404 for the page as for the API, however the path is written.
 */
describe.skipIf(!hasWebBuild())('the development mailbox page (needs the web build)', () => {
  let site: DemoSite;
  beforeAll(async () => {
    site = await startDemoSite({ TRUST_PROXY: '127.0.0.1' });
    const reset = await site.app.inject({
      method: 'POST',
      url: '/api/identity/v1/password-reset',
      payload: { email: 'bob@example.com' },
    });
    expect(reset.statusCode, reset.body).toBe(202);
  });
  afterAll(() => site?.close());

  const page = (path: string, from?: string) =>
    fetch(`${site.baseUrl}${path}`, { headers: from ? { 'x-forwarded-for': from } : {} });

  it('shows the outbox to a caller on this machine, its links followable', async () => {
    const response = await page('/dev/mailbox');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/Reset your Civitas password/);
    expect(html).toMatch(
      /<a href="http:\/\/[^"]+\/reset-password\?displayLanguage=en#token=[0-9a-f-]{36}\.[\w-]{43}">/,
    );
  });

  it('answers 404 to a caller elsewhere, for the page and for the API alike', async () => {
    for (const path of ['/dev/mailbox', '/dev/mailbox/', '/dev/%6Dailbox?to=bob%40example.com', '/DEV/Mailbox']) {
      const response = await page(path, '203.0.113.5');
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toMatch(/#token=/);
    }
    expect((await page('/api/identity/dev/mailbox', '203.0.113.5')).status).toBe(404);
  });

  it('answers 404 elsewhere however dot segments spell the path (the router resolves them before it picks the page)', async () => {
    const from = { 'x-forwarded-for': '203.0.113.5' };
    for (const path of ['/dev/./mailbox', '/dev/%2e/mailbox', '/dev/x/../mailbox', '/dev/%2E%2E/dev/mailbox']) {
      const response = await rawRequest(site.baseUrl, path, from);
      expect(response.status, path).toBe(404);
      expect(response.body, path).not.toMatch(/Reset your Civitas password/);
    }
    // On this machine the same spellings reach the page, so the refusal above is the check's, not the router's.
    expect((await rawRequest(site.baseUrl, '/dev/./mailbox')).body).toMatch(/Reset your Civitas password/);
  });
});
