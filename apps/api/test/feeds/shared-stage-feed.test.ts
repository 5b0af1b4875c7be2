import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, feeds, getPage, idsOf, like, stageAt, walkFeed, withPaging } from '../support/feeds.js';
import { type Citizen, createTestApp, guest, machine, type TestApp, type Who } from '../support/harness.js';

// The machine-token stage that server rendering reads for guests (ADR 002): the guests' stage, page for page
// and token for token. Countries the demo world does not use, so no other content reaches these stages.
let t: TestApp;
let author: Citizen;
let reader: Citizen;
const server = machine('content');

async function expect400(url: string, as: Who, code: string): Promise<void> {
  const res = await t.request({ method: 'GET', url, as });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().code).toBe(code);
}

/** The ids of every page after `token` on `url`, to the empty page that ends the feed. */
async function pagesAfter(url: string, token: string | null, as: Who): Promise<string[]> {
  const ids: string[] = [];
  let next = token;
  for (let pages = 0; next !== null && pages < 50; pages++) {
    const page = await getPage(t, withPaging(url, { continuationToken: next }), as);
    ids.push(...idsOf(page));
    next = page.continuationToken;
  }
  expect(next, 'the feed ends within 50 pages').toBeNull();
  return ids;
}

/** Stages `count` new posts of the author on `country`, a minute apart; newest on the stage first. */
async function stageMany(country: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = await t.newPost({ authorId: author.id });
    await stageAt(t, id, country, at(i));
    ids.push(id);
  }
  return ids.reverse();
}

beforeAll(async () => {
  t = await createTestApp();
  author = await t.newCitizen({ country: 'NZ', displayName: 'Kiri Shared' });
  reader = await t.newCitizen({ country: 'NZ' });
});
afterAll(() => t.close());

describe('GET /v1/sharing/feed/eight-stage', () => {
  it('gives the machine the guests’ stage, with nobody’s likes', async () => {
    const [newest, older] = await stageMany('NZ', 2);
    await like(t, older as string, reader.id, Date.now());
    // One snapshot for both, so their tokens (which carry it) are comparable too.
    const timestamp = Date.now();
    const shared = await getPage(t, feeds.sharedStage({ country: 'NZ', timestamp }), server);
    expect(shared).toEqual(await getPage(t, feeds.stage({ country: 'NZ', timestamp }), guest));
    expect(idsOf(shared)).toEqual([newest, older]);
    expect(shared.data.map((post) => post.likesOverviewDetails)).toEqual([
      { likesCount: 0, liked: false },
      { likesCount: 1, liked: false },
    ]);
    expect(shared.data[0]?.author).toMatchObject({ username: author.username, displayName: 'Kiri Shared' });
  });

  it('pages to the end on its own, like the guests’ stage', async () => {
    const staged = await stageMany('KE', 7);
    expect((await walkFeed(t, feeds.sharedStage({ country: 'KE' }), server, 3)).ids).toEqual(staged);
    expect(await getPage(t, feeds.sharedStage({ country: 'BR' }), server)).toEqual({
      data: [],
      continuationToken: null,
    });
  });

  it('hands its tokens on: guests and citizens carry on from its first page with no duplicates or gaps', async () => {
    const staged = await stageMany('GH', 7);
    for (const as of [guest, reader] as const) {
      const first = await getPage(t, feeds.sharedStage({ country: 'GH', size: 3 }), server);
      const rest = await pagesAfter(feeds.stage({ country: 'GH', size: 3 }), first.continuationToken, as);
      expect([...idsOf(first), ...rest]).toEqual(staged);
    }
    // And back: a guest's token is as good on the machine call.
    const guestFirst = await getPage(t, feeds.stage({ country: 'GH', size: 3 }), guest);
    const second = await getPage(
      t,
      withPaging(feeds.sharedStage({ country: 'GH', size: 3 }), { continuationToken: guestFirst.continuationToken }),
      server,
    );
    expect(idsOf(second)).toEqual(staged.slice(3, 6));
  });

  it('keeps its first page’s snapshot on the pages a browser reads after it', async () => {
    const early = await stageMany('TZ', 3);
    const asOf = Date.now();
    const late = await t.newPost({ authorId: author.id });
    await stageAt(t, late, 'TZ', asOf + 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const first = await getPage(t, feeds.sharedStage({ country: 'TZ', size: 2, timestamp: asOf }), server);
    expect(idsOf(first)).toEqual(early.slice(0, 2));
    const next = withPaging(feeds.stage({ country: 'TZ', size: 2 }), { continuationToken: first.continuationToken });
    expect(idsOf(await getPage(t, next, guest))).toEqual(early.slice(2));
  });

  it('refuses a token of another country or feed, a tampered token and bad input', async () => {
    await stageMany('PG', 2);
    const token = (await getPage(t, feeds.sharedStage({ country: 'PG', size: 1 }), server)).continuationToken as string;
    await expect400(
      withPaging(feeds.sharedStage({ country: 'KE' }), { continuationToken: token }),
      server,
      'INVALID_CONTINUATION_TOKEN',
    );
    await expect400(
      withPaging(feeds.stage({ country: 'KE' }), { continuationToken: token }),
      guest,
      'INVALID_CONTINUATION_TOKEN',
    );
    const profile = (await getPage(t, withPaging(feeds.sharedProfile(author.username), { size: 1 }), server))
      .continuationToken as string;
    await expect400(
      withPaging(feeds.sharedStage({ country: 'PG' }), { continuationToken: profile }),
      server,
      'INVALID_CONTINUATION_TOKEN',
    );
    await expect400(
      // Two whole characters of the signature changed: "xx" for the last two could decode to the same bytes (the
      // last character of 16 bytes in base64url carries two bits): about one run in 256, and CI met one.
      withPaging(feeds.sharedStage({ country: 'PG' }), {
        continuationToken: `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`,
      }),
      server,
      'INVALID_CONTINUATION_TOKEN',
    );
    await expect400(feeds.sharedStage({ country: 'GBR' }), server, 'VALIDATION_FAILED');
    await expect400(feeds.sharedStage({ country: 'PG', timestamp: 'yesterday' }), server, 'VALIDATION_FAILED');
    await expect400(feeds.sharedStage({ country: 'PG', size: 0 }), server, 'VALIDATION_FAILED');
  });

  it('is for the machine with the content scope only', async () => {
    for (const as of [guest, reader, machine('users')] as const) {
      expect((await t.request({ method: 'GET', url: feeds.sharedStage({ country: 'NZ' }), as })).statusCode).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: feeds.sharedStage({ country: 'NZ' }) })).statusCode).toBe(401);
  });
});

describe('the shared stage and the guests’ page cache', () => {
  it('share one cached read of a page', async () => {
    const cached = await createTestApp({ env: { GUEST_PAGE_CACHE_MS: '60000' } });
    try {
      const writer = await cached.newCitizen({ country: 'NZ' });
      const first = await cached.newPost({ authorId: writer.id });
      await stageAt(cached, first, 'NZ', Date.now() - 1000);
      const fromServer = await cached.request({ method: 'GET', url: feeds.sharedStage({ country: 'NZ' }), as: server });
      expect(fromServer.json().data.map((post: { id: string }) => post.id)).toEqual([first]);
      // Staged after the cached read: neither call sees it until the cache lets the page go.
      await stageAt(cached, await cached.newPost({ authorId: writer.id }), 'NZ', Date.now() - 500);
      const fromGuest = await cached.request({ method: 'GET', url: feeds.stage({ country: 'NZ' }), as: guest });
      expect(fromGuest.body).toBe(fromServer.body);
      cached.ctx.caches.guestStagePages.clear();
      cached.ctx.caches.stageHeads.clear();
      expect(
        (await cached.request({ method: 'GET', url: feeds.sharedStage({ country: 'NZ' }), as: server })).json().data,
      ).toHaveLength(2);
    } finally {
      await cached.close();
    }
  });
});
