import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagePost } from '../../src/domains/feeds/stage-membership.js';
import { createTestApp, guest, type TestApp } from '../harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { GUEST_PAGE_CACHE_MS: '60000' } });
});
afterAll(() => t.close());

const stage = (as: Parameters<TestApp['request']>[0]['as']) =>
  t.request({ method: 'GET', url: '/api/content/v9/feed/eight-stage?country=NZ', as });

describe('guest stage pages', () => {
  it('are served from memory for guests, while citizens always read fresh', async () => {
    const author = await t.newCitizen({ country: 'NZ' });
    const first = await t.newPost({ authorId: author.id });
    await stagePost(t.ctx.db, first, ['NZ'], 'curated', Date.now() - 1000);
    const before = await stage(guest);
    expect(before.json().data.map((post: { id: string }) => post.id)).toEqual([first]);

    const second = await t.newPost({ authorId: author.id });
    await stagePost(t.ctx.db, second, ['NZ'], 'curated', Date.now() - 500);
    expect((await stage(guest)).body).toBe(before.body);
    expect((await stage('alice')).json().data.map((post: { id: string }) => post.id)).toEqual([second, first]);

    t.ctx.caches.guestStagePages.clear();
    t.ctx.caches.stageHeads.clear();
    expect((await stage(guest)).json().data).toHaveLength(2);
  });
});
