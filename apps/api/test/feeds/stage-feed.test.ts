import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletePost } from '../support/calls.js';
import { at, feeds, getPage, idsOf, like, stageAt, walkFeed, withPaging } from '../support/feeds.js';
import { type Citizen, createTestApp, guest, type TestApp } from '../support/harness.js';

// Countries the demo world does not use, and fresh citizens, so no other test's content can reach these stages.
let t: TestApp;
let author: Citizen;
let reader: Citizen;

beforeAll(async () => {
  t = await createTestApp();
  author = await t.newCitizen({ country: 'NZ', displayName: 'Kiri Stage' });
  reader = await t.newCitizen({ country: 'NZ' });
});
afterAll(() => t.close());

describe('GET /v9/feed/eight-stage', () => {
  it('shows ready public posts on the country stage, newest on the stage first, with full post fields', async () => {
    const first = await t.newPost({
      authorId: author.id,
      caption: 'Harbour #Dawn',
      externalLink: 'https://nz.example',
    });
    const second = await t.newPost({ authorId: author.id, caption: 'Second' });
    const third = await t.newPost({ authorId: author.id, caption: 'Third' });
    // Staging order, not creation order, ranks the stage: `first` entered last, so it leads.
    await stageAt(t, second, 'NZ', at(1));
    await stageAt(t, third, 'NZ', at(2));
    await stageAt(t, first, 'NZ', at(3));

    const hidden = [
      await t.newPost({ authorId: author.id, sharing: 'private' }),
      await t.newPost({ authorId: author.id, status: 'processing' }),
      await t.newPost({ authorId: author.id }),
    ];
    for (const id of hidden) await stageAt(t, id, 'NZ', at(4));
    await deletePost(t, hidden[2] as string, author);
    await stageAt(t, await t.newPost({ authorId: author.id }), 'KR', at(5));

    const page = await getPage(t, feeds.stage({ country: 'NZ' }), guest);
    expect(idsOf(page)).toEqual([first, third, second]);
    expect(page.continuationToken).toEqual(expect.any(String));
    expect(page.data[0]).toMatchObject({
      id: first,
      author: { id: author.id, username: author.username, displayName: 'Kiri Stage', country: 'NZ' },
      caption: { content: 'Harbour #Dawn', mentions: [] },
      hashtags: ['Dawn'],
      mediaType: 'image',
      media: { status: 'ready' },
      externalLink: 'https://nz.example',
      sharingOptions: 'public',
      likesOverviewDetails: { likesCount: 0, liked: false },
    });
  });

  it('gives a citizen the same stage as a guest, marking the citizen’s own likes', async () => {
    const liked = await t.newPost({ authorId: author.id });
    const other = await t.newPost({ authorId: author.id });
    await stageAt(t, liked, 'AU', at(1));
    await stageAt(t, other, 'AU', at(2));
    await like(t, liked, reader.id, Date.now());

    const asGuest = await getPage(t, feeds.stage({ country: 'AU' }), guest);
    const asReader = await getPage(t, feeds.stage({ country: 'AU' }), reader);
    expect(idsOf(asReader)).toEqual(idsOf(asGuest));
    expect(asGuest.data.map((p) => p.likesOverviewDetails)).toEqual([
      { likesCount: 0, liked: false },
      { likesCount: 1, liked: false },
    ]);
    expect(asReader.data.map((p) => p.likesOverviewDetails)).toEqual([
      { likesCount: 0, liked: false },
      { likesCount: 1, liked: true },
    ]);
  });

  it('breaks ties in staging time by post id, newest first', async () => {
    const tied = [await t.newPost({ authorId: author.id }), await t.newPost({ authorId: author.id })];
    for (const id of tied) await stageAt(t, id, 'CL', at(7));
    const { ids } = await walkFeed(t, feeds.stage({ country: 'CL' }), guest, 1);
    expect(ids).toEqual([...tied].sort().reverse());
  });

  it('reads the stage as of `timestamp`, and keeps the first page’s snapshot on later pages', async () => {
    const early = [];
    for (let i = 0; i < 3; i++) {
      const id = await t.newPost({ authorId: author.id });
      await stageAt(t, id, 'PE', at(10 + i));
      early.push(id);
    }
    const late = await t.newPost({ authorId: author.id });
    await stageAt(t, late, 'PE', at(20));

    const asOf = at(15);
    const first = await getPage(t, feeds.stage({ country: 'PE', timestamp: asOf, size: 2 }), guest);
    expect(idsOf(first)).toEqual([early[2], early[1]]);
    // A later timestamp on the next page is ignored: the token's snapshot rules.
    const next = withPaging(feeds.stage({ country: 'PE', timestamp: Date.now(), size: 2 }), {
      continuationToken: first.continuationToken,
    });
    const second = await getPage(t, next, guest);
    expect(idsOf(second)).toEqual([early[0]]);

    const iso = await getPage(t, feeds.stage({ country: 'PE', timestamp: new Date(asOf).toISOString() }), guest);
    expect(idsOf(iso)).toEqual([early[2], early[1], early[0]]);
    const now = await getPage(t, feeds.stage({ country: 'PE' }), guest);
    expect(idsOf(now)).toEqual([late, early[2], early[1], early[0]]);
  });

  it('treats a timestamp in the future as now', async () => {
    const staged = await t.newPost({ authorId: author.id });
    await stageAt(t, staged, 'UY', at(1));
    const scheduled = await t.newPost({ authorId: author.id });
    await stageAt(t, scheduled, 'UY', Date.now() + 86_400_000);
    const page = await getPage(t, feeds.stage({ country: 'UY', timestamp: Date.now() + 2 * 86_400_000 }), guest);
    expect(idsOf(page)).toEqual([staged]);
  });

  it('accepts a lower-case country and answers an empty stage with an empty page and no token', async () => {
    const id = await t.newPost({ authorId: author.id });
    await stageAt(t, id, 'FJ', at(1));
    expect(idsOf(await getPage(t, feeds.stage({ country: 'fj' }), guest))).toEqual([id]);
    expect(await getPage(t, feeds.stage({ country: 'BR' }), guest)).toEqual({ data: [], continuationToken: null });
  });

  it('pages 45 staged posts by 10 while posts are staged, liked and deleted: each survivor exactly once', async () => {
    const staged: string[] = [];
    for (let i = 0; i < 45; i++) {
      const id = await t.newPost({ authorId: author.id });
      await stageAt(t, id, 'JP', at(i));
      staged.push(id);
    }
    const newestFirst = [...staged].reverse();
    const deleted = new Set<string>();
    const added: string[] = [];
    const { ids, pages } = await walkFeed(t, feeds.stage({ country: 'JP' }), reader, 10, async (page) => {
      // New posts enter the stage now: after the snapshot, so never on this session's pages.
      const fresh = await t.newPost({ authorId: author.id });
      await stageAt(t, fresh, 'JP', Date.now());
      added.push(fresh);
      // Likes change counts, not positions.
      const liked = newestFirst[page * 10 + 12];
      if (liked) await like(t, liked, reader.id, Date.now());
      // One post already seen and one not yet seen are deleted.
      for (const victim of [newestFirst[page * 10 + 1], newestFirst[page * 10 + 15]]) {
        if (victim && !deleted.has(victim)) {
          await deletePost(t, victim, author);
          deleted.add(victim);
        }
      }
    });
    expect(new Set(ids).size).toBe(ids.length);
    const seenBeforeDeletion = new Set(ids);
    const expected = newestFirst.filter((id) => seenBeforeDeletion.has(id) || !deleted.has(id));
    expect(ids).toEqual(expected);
    for (const id of newestFirst) if (!deleted.has(id)) expect(seenBeforeDeletion.has(id)).toBe(true);
    for (const id of added) expect(seenBeforeDeletion.has(id)).toBe(false);
    expect(pages).toBeGreaterThanOrEqual(4);
    // A fresh session sees the new posts first and none of the deleted ones.
    const fresh = await walkFeed(t, feeds.stage({ country: 'JP' }), guest, 50);
    expect(fresh.ids.slice(0, added.length)).toEqual([...added].reverse());
    for (const id of deleted) expect(fresh.ids).not.toContain(id);
  });
});
