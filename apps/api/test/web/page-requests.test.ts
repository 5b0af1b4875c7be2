import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasWebBuild } from '../../src/web/mount.js';
import { type DemoSite, startDemoSite } from './demo-site.js';
import { rawRequest } from './raw-request.js';

/** Page requests the renderer must not be handed as they are: each is a 400 with a reason, never a 500 or a redirect away. */
describe.skipIf(!hasWebBuild())('page requests (needs the web build)', () => {
  let site: DemoSite;
  beforeAll(async () => {
    site = await startDemoSite();
  });
  afterAll(() => site?.close());

  it('refuses a target that is not a path: an absolute address (redirected to as given) or *', async () => {
    const host = new URL(site.baseUrl).host;
    for (const target of ['http://evil.example/x', `http://${host}/u/alice`, '*']) {
      const response = await rawRequest(site.baseUrl, target, { host });
      expect(response.status, target).toBe(400);
      expect(response.headers.location, target).toBeUndefined();
      expect(response.body, target).toMatch(/by its path/);
    }
  });

  it('refuses a client navigation whose router state header is not a JSON array, and serves a well-formed one', async () => {
    const navigation = (tree: string) =>
      rawRequest(site.baseUrl, '/u/alice', { rsc: '1', 'next-router-state-tree': tree });
    for (const tree of ['%zz', '{}', 'null', '[1,2', encodeURIComponent('{"a":1}')]) {
      const response = await navigation(tree);
      expect(response.status, tree).toBe(400);
      expect(response.body, tree).toMatch(/Next-Router-State-Tree/);
    }
    const wellFormed = await navigation(
      encodeURIComponent(JSON.stringify(['', { children: ['__PAGE__', {}] }, null, null, true])),
    );
    // Handed to the router, which answers it as it does any navigation (here: to its cache-busting address).
    expect([200, 307], wellFormed.body.slice(0, 200)).toContain(wellFormed.status);
  });

  it('does not tell which internal route a page or a navigation was rewritten to', async () => {
    const page = await rawRequest(site.baseUrl, '/u/alice');
    const navigation = await rawRequest(site.baseUrl, '/u/alice', { rsc: '1' });
    expect([page.status, navigation.status]).toEqual([200, 307]);
    for (const answer of [page, navigation]) {
      for (const name of Object.keys(answer.headers)) expect(name).not.toMatch(/^x-nextjs-|^x-middleware-/);
    }
  });
});
