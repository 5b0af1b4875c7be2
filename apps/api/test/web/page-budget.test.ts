import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasWebBuild } from '../../src/web/mount.js';
import { type DemoSite, startDemoSite } from './demo-site.js';

/** Pages spend their address's budget (ADR 013); only files that exist go free, whatever a path looks like. */
describe.skipIf(!hasWebBuild())('the address budget on the web (needs the web build)', () => {
  const budget = 4;
  let site: DemoSite;
  beforeAll(async () => {
    site = await startDemoSite({ REQUESTS_PER_5_MINUTES: String(budget) });
  });
  afterAll(() => site?.close());

  it('lets the public files through, and counts a dotted path that names no file like any page', async () => {
    for (let round = 0; round < budget + 2; round += 1) {
      for (const file of ['/favicon.png', '/placeholders/cover.webp', '/placeholders/profile-picture.png']) {
        expect((await fetch(`${site.baseUrl}${file}`)).status, file).toBe(200);
      }
    }
    const statuses: number[] = [];
    for (let call = 0; call <= budget; call += 1) {
      statuses.push((await fetch(`${site.baseUrl}/nothing-${call}.x`)).status);
    }
    expect(statuses).toEqual([...Array(budget).fill(404), 429]);
    expect((await fetch(`${site.baseUrl}/favicon.png`)).status).toBe(200);
  });
});
