import { REFRESH_REUSE_GRACE_MS } from '@civitas/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFamily } from '../../src/domains/identity/oauth/refresh-tokens.js';
import { hasWebBuild } from '../../src/web/mount.js';
import { type DemoSite, startDemoSite } from './demo-site.js';

/** The refresh token a page's answer sets, if any ('' when it clears the cookie). */
const refreshSet = (response: Response): string | undefined => {
  const set = response.headers.getSetCookie().find((cookie) => cookie.startsWith('civitas_refresh_token='));
  return set === undefined ? undefined : decodeURIComponent(set.split(';')[0]?.split('=')[1] ?? '');
};

/**
 * A page renews an expiring session on the server (docs/product.md §4), and the requests of one page load share that renewal.
 * Sharing must not outlast the API's own grace for a spent token: past it, a spent token is theft, not a race.
 */
describe.skipIf(!hasWebBuild())('session renewal by the web server (needs the web build)', () => {
  let site: DemoSite;
  beforeAll(async () => {
    site = await startDemoSite();
  });
  afterAll(() => site?.close());

  const page = async (refreshToken: string) => {
    const response = await fetch(`${site.baseUrl}/`, {
      headers: { cookie: `civitas_refresh_token=${refreshToken}; civitas_username=alice` },
    });
    await response.arrayBuffer();
    return response;
  };

  it('shares one renewal between a page load’s requests, and none with a spent token presented later', async () => {
    const { token } = await startFamily(site.ctx.db, site.world.citizens.alice.id, Date.now());
    const first = refreshSet(await page(token));
    expect(first).toMatch(/^[\w-]{20,}$/);
    expect(refreshSet(await page(token))).toBe(first);

    await new Promise((resolve) => setTimeout(resolve, REFRESH_REUSE_GRACE_MS + 1_000));
    // Presented again after the API's grace: no tokens for it, the page renders signed out, and the API takes it
    // for a copied token, so the whole sign-in is revoked, the successor handed out before included.
    const late = await page(token);
    expect(late.status).toBe(200);
    expect(refreshSet(late)).toBe('');
    const successor = await fetch(`${site.baseUrl}/api/auth/refresh`, {
      method: 'POST',
      headers: { origin: site.baseUrl, 'content-type': 'application/json', cookie: `civitas_refresh_token=${first}` },
      body: '{}',
    });
    expect(successor.status).toBe(401);
  }, 30_000);
});
