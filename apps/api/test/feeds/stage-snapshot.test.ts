import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { feeds, getPage, idsOf, stageAt, walkFeed } from '../support/feeds.js';
import { createTestApp, guest, type TestApp, type Who } from '../support/harness.js';

// Clients that follow docs/product.md §7 send their own snapshot, one timestamp per request. With the page caches on,
// every timestamp between two stagings reads the same page, and a snapshot still never shows a later post.

let t: TestApp;
const minuteAgo = Date.now() - 60_000;
beforeAll(async () => {
  t = await createTestApp({ env: { GUEST_PAGE_CACHE_MS: '60000', STAGE_SKELETON_CACHE_MS: '60000' } });
});
afterAll(() => t.close());
beforeEach(() => {
  const { stageHeads, citizenStagePages, stageSkeletons, guestStagePages } = t.ctx.caches;
  for (const cache of [stageHeads, citizenStagePages, stageSkeletons, guestStagePages]) cache.clear();
});

/** Stages a new post of a new author on `country` at each time given; ids in the order given. */
async function stagedAt(country: string, times: readonly number[]): Promise<string[]> {
  const author = await t.newCitizen({ country });
  const ids: string[] = [];
  for (const time of times) {
    const id = await t.newPost({ authorId: author.id });
    await stageAt(t, id, country, time);
    ids.push(id);
  }
  return ids;
}

const stageAsOf = (as: Who, country: string, timestamp: number, size = 20) =>
  getPage(t, feeds.stage({ country, timestamp, size }), as);

describe('the stage with a timestamp per request', () => {
  for (const [who, as, country] of [
    ['guests', guest, 'NZ'],
    ['citizens', 'alice', 'JP'],
  ] as const) {
    it(`gives ${who} one page, token and all, for every time between two stagings`, async () => {
      const [older, newer] = await stagedAt(country, [minuteAgo, minuteAgo + 10_000]);
      const pages = await Promise.all(
        [1, 2_500, 5_000, 9_999].map((offset) => stageAsOf(as, country, minuteAgo + offset)),
      );
      expect(idsOf(pages[0] as never)).toEqual([older]);
      for (const page of pages) expect(page).toEqual(pages[0]);
      const later = await Promise.all(
        [10_000, 30_000, Date.now()].map((offset) => stageAsOf(as, country, minuteAgo + offset)),
      );
      expect(idsOf(later[0] as never)).toEqual([newer, older]);
      for (const page of later) expect(page).toEqual(later[0]);
    });
  }

  it('never shows a post staged after the snapshot, on any page of its session', async () => {
    const times = Array.from({ length: 9 }, (_, i) => minuteAgo + i * 1_000);
    const ids = await stagedAt('KE', times);
    const snapshot = minuteAgo + 4_500; // after the fifth staging, before the sixth
    const url = feeds.stage({ country: 'KE', timestamp: snapshot });
    const walked = await walkFeed(t, url, guest, 2);
    expect(walked.ids).toEqual(ids.slice(0, 5).reverse());
    expect((await walkFeed(t, url, 'bob', 2)).ids).toEqual(walked.ids);
  });

  it('reads a time older than the stagings it keeps as asked, with nothing newer', async () => {
    // More stagings than the head keeps, so the oldest times fall outside it.
    const times = Array.from({ length: 205 }, (_, i) => minuteAgo + i * 100);
    const ids = await stagedAt('GH', times);
    const page = await stageAsOf(guest, 'GH', minuteAgo + 250, 50);
    expect(idsOf(page)).toEqual(ids.slice(0, 3).reverse());
    expect(idsOf(await stageAsOf('carol', 'GH', minuteAgo + 250, 50))).toEqual(idsOf(page));
  });

  it('shows a post staged after the head was read once the caches let it go', async () => {
    const [first] = await stagedAt('BR', [minuteAgo]);
    expect(idsOf(await stageAsOf(guest, 'BR', Date.now()))).toEqual([first]);
    const [second] = await stagedAt('BR', [Date.now() - 1]);
    expect(idsOf(await stageAsOf(guest, 'BR', Date.now()))).toEqual([first]);
    t.ctx.caches.stageHeads.clear();
    expect(idsOf(await stageAsOf(guest, 'BR', Date.now()))).toEqual([second, first]);
    expect(idsOf(await stageAsOf('dave', 'BR', Date.now()))).toEqual([second, first]);
  });
});
