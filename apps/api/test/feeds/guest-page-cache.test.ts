import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeds, stageAt } from '../support/feeds.js';
import { createTestApp, guest, type TestApp } from '../support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { GUEST_PAGE_CACHE_MS: '60000' } });
});
afterAll(() => t.close());

const stageUrl = feeds.stage({ country: 'NZ' });
const stage = (as: Parameters<TestApp['request']>[0]['as']) => t.request({ method: 'GET', url: stageUrl, as });

describe('guest stage pages', () => {
  it('are served from memory for guests, while citizens always read fresh', async () => {
    const author = await t.newCitizen({ country: 'NZ' });
    const first = await t.newPost({ authorId: author.id });
    await stageAt(t, first, 'NZ', Date.now() - 1000);
    const before = await stage(guest);
    expect(before.json().data.map((post: { id: string }) => post.id)).toEqual([first]);

    const second = await t.newPost({ authorId: author.id });
    await stageAt(t, second, 'NZ', Date.now() - 500);
    expect((await stage(guest)).body).toBe(before.body);
    expect((await stage('alice')).json().data.map((post: { id: string }) => post.id)).toEqual([second, first]);

    t.ctx.caches.guestStagePages.clear();
    t.ctx.caches.stageHeads.clear();
    expect((await stage(guest)).json().data).toHaveLength(2);
  });

  it('are sent gzipped, compressed once, to clients that accept it, and plain to the others', async () => {
    const author = await t.newCitizen({ country: 'NZ' });
    for (let i = 0; i < 6; i += 1) {
      await stageAt(t, await t.newPost({ authorId: author.id }), 'NZ', Date.now() - 100 - i);
    }
    t.ctx.caches.guestStagePages.clear();
    t.ctx.caches.stageHeads.clear();
    const gzip = { 'accept-encoding': 'br;q=1.0, gzip;q=0.8, *;q=0.1' };
    const zipped = await t.request({ method: 'GET', url: stageUrl, as: guest, headers: gzip });
    const plain = await t.request({ method: 'GET', url: stageUrl, as: guest });
    const refused = await t.request({
      method: 'GET',
      url: stageUrl,
      as: guest,
      headers: { 'accept-encoding': 'gzip;q=0' },
    });

    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    for (const answer of [plain, refused]) {
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toBe('accept-encoding');
    }
    expect(refused.body).toBe(plain.body);
    expect(JSON.parse(plain.body).data.length).toBeGreaterThanOrEqual(6);
  });
});
