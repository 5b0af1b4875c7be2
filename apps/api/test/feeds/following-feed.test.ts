import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, type FeedPageBody, getPage, hourAgo, idsOf, walkFeed, withPaging } from '../support/feeds.js';
import { type Citizen, createTestApp, guest, type TestApp } from '../support/harness.js';

// The following feed (ADR 081): the public posts of the people I follow, my friends' friends-only posts and my own,
// newest first, as a snapshot paged like the stage.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const following = (query: Record<string, string | number> = {}) =>
  `/api/content/v1/feed/following?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;

const users = (action: string, citizenId: string) => `/api/users/influencers/me/${action}/${citizenId}`;

async function act(as: Citizen, action: 'follow' | 'unfollow' | 'mute' | 'block' | 'unfriend', other: Citizen) {
  const res = await t.request({ method: 'POST', url: users(action, other.id), as });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** `count` posts by `author`, a minute apart from `from` on; ids oldest first. */
async function postsBy(author: Citizen, count: number, from: number, sharing: 'public' | 'private' = 'public') {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(await t.newPost({ authorId: author.id, sharing, createdAt: from + i * 60_000 }));
  }
  return ids;
}

const newestFirst = (ids: string[]) => [...ids].sort().reverse();

describe('the following feed', () => {
  it('holds the public posts of the people I follow, my friends’ friends-only posts and my own, newest first', async () => {
    const [me, followed, friend, friendFollowed, stranger] = (await Promise.all(
      Array.from({ length: 5 }, () => t.newCitizen()),
    )) as [Citizen, Citizen, Citizen, Citizen, Citizen];
    await act(me, 'follow', followed);
    await act(me, 'follow', friendFollowed);
    await befriend(t, me.id, friend.id);
    await befriend(t, me.id, friendFollowed.id);
    const followedPublic = await postsBy(followed, 2, hourAgo);
    await postsBy(followed, 1, hourAgo + 1_000, 'private'); // friends-only, and we are not friends
    const friendPublic = await postsBy(friend, 1, hourAgo + 2_000); // a friend I do not follow: public ones stay out
    const friendPrivate = await postsBy(friend, 1, hourAgo + 3_000, 'private');
    const bothPublic = await postsBy(friendFollowed, 1, hourAgo + 4_000);
    const bothPrivate = await postsBy(friendFollowed, 1, hourAgo + 5_000, 'private');
    const mine = [...(await postsBy(me, 1, hourAgo + 6_000)), ...(await postsBy(me, 1, hourAgo + 7_000, 'private'))];
    await postsBy(stranger, 2, hourAgo + 8_000);

    const page = await getPage(t, following(), me);
    expect(idsOf(page)).toEqual(
      newestFirst([...followedPublic, ...friendPrivate, ...bothPublic, ...bothPrivate, ...mine]),
    );
    expect(idsOf(page)).not.toContain(friendPublic[0]);
    // Each post as any feed presents it: a citizen's page says which they liked.
    expect(page.data.find((post) => post.id === mine[0])).toMatchObject({
      author: { id: me.id },
      likesOverviewDetails: { liked: false },
    });
  });

  it('pages as a snapshot: nothing newer than it, no repeats or gaps, whatever happens between pages', async () => {
    const [me, a, b, c] = (await Promise.all(Array.from({ length: 4 }, () => t.newCitizen()))) as Citizen[] as [
      Citizen,
      Citizen,
      Citizen,
      Citizen,
    ];
    await act(me, 'follow', a);
    await act(me, 'follow', b);
    const start = Date.now() - 30 * 60_000;
    const aPosts = await postsBy(a, 6, start);
    const bPosts = await postsBy(b, 6, start + 30_000);
    const snapshot = Date.now() - 1_000;
    const all = newestFirst([...aPosts, ...bPosts]);
    const seen: string[] = [];
    const deletedLater = all[9] as string;
    const walked = await walkFeed(t, following({ timestamp: snapshot }), me, 3, async (page) => {
      seen.push(String(page));
      if (page === 0) {
        // Newer than the snapshot: never on this session's pages.
        await postsBy(a, 1, Date.now());
        await postsBy(c, 1, Date.now());
        await act(me, 'follow', c);
      }
      if (page === 1) {
        const author = aPosts.includes(deletedLater) ? a : b;
        const res = await t.request({
          method: 'DELETE',
          url: `/api/users/creators-content/${deletedLater}`,
          as: author,
        });
        expect(res.statusCode, res.body).toBeLessThan(300);
      }
    });
    expect(walked.ids).toEqual(all.filter((id) => id !== deletedLater));
    expect(new Set(walked.ids).size).toBe(walked.ids.length);
  });

  it('drops, from the next page on, the people I unfollow, unfriend, mute or block, and hidden posts', async () => {
    const [me, followed, friend, muted, blocked, hidden] = (await Promise.all(
      Array.from({ length: 6 }, () => t.newCitizen()),
    )) as [Citizen, Citizen, Citizen, Citizen, Citizen, Citizen];
    for (const other of [followed, muted, blocked, hidden]) await act(me, 'follow', other);
    await befriend(t, me.id, friend.id);
    const start = Date.now() - 20 * 60_000;
    const [followedPost] = await postsBy(followed, 1, start);
    const [friendPost] = await postsBy(friend, 1, start + 1_000, 'private');
    const [mutedPost] = await postsBy(muted, 1, start + 2_000);
    const [blockedPost] = await postsBy(blocked, 1, start + 3_000);
    const [hiddenPost] = await postsBy(hidden, 1, start + 4_000);
    const everything = newestFirst([followedPost, friendPost, mutedPost, blockedPost, hiddenPost] as string[]);
    expect(idsOf(await getPage(t, following(), me))).toEqual(everything);

    await act(me, 'unfollow', followed);
    await act(me, 'unfriend', friend);
    await act(me, 'mute', muted);
    await act(me, 'block', blocked);
    await t.ctx.db
      .updateTable('posts')
      .set({ hidden_at: Date.now() })
      .where('id', '=', hiddenPost as string)
      .execute();
    expect(idsOf(await getPage(t, following(), me))).toEqual([]);
    // The author of a hidden post still sees it in their own feed, told why elsewhere (ADR 070).
    expect(idsOf(await getPage(t, following(), hidden))).toEqual([hiddenPost]);
  });

  it('shows my own posts still processing to me alone, and nobody’s post that is not ready to others', async () => {
    const [me, follower] = (await Promise.all([t.newCitizen(), t.newCitizen()])) as [Citizen, Citizen];
    await act(follower, 'follow', me);
    const processing = await t.newPost({ authorId: me.id, status: 'processing' });
    expect(idsOf(await getPage(t, following(), me))).toEqual([processing]);
    expect(idsOf(await getPage(t, following(), follower))).toEqual([]);
  });

  it('reads a stream only as far as a page: a prolific author does not crowd out the rest of a page', async () => {
    const [me, prolific, quiet] = (await Promise.all([t.newCitizen(), t.newCitizen(), t.newCitizen()])) as [
      Citizen,
      Citizen,
      Citizen,
    ];
    await act(me, 'follow', prolific);
    await act(me, 'follow', quiet);
    const start = Date.now() - 50 * 60_000;
    const many = await postsBy(prolific, 12, start);
    const [quietPost] = await postsBy(quiet, 1, start + 5 * 60_000 + 30_000);
    const walked = await walkFeed(t, following(), me, 4);
    expect(walked.ids).toEqual(newestFirst([...many, quietPost as string]));
  });

  it('is for citizens only, and refuses a token of another citizen’s feed or a malformed one', async () => {
    const res = await t.request({ method: 'GET', url: following(), as: guest });
    expect(res.statusCode, res.body).toBe(403);
    const [me, other, author] = (await Promise.all([t.newCitizen(), t.newCitizen(), t.newCitizen()])) as [
      Citizen,
      Citizen,
      Citizen,
    ];
    await act(me, 'follow', author);
    await postsBy(author, 3, Date.now() - 10 * 60_000);
    const first: FeedPageBody = await getPage(t, following({ size: 1 }), me);
    const token = first.continuationToken as string;
    const stolen = await t.request({
      method: 'GET',
      url: withPaging(following(), { continuationToken: token }),
      as: other,
    });
    expect(stolen.statusCode, stolen.body).toBe(400);
    expect(stolen.json()).toMatchObject({ code: 'INVALID_CONTINUATION_TOKEN' });
    const bad = await t.request({ method: 'GET', url: following({ timestamp: 'yesterday' }), as: me });
    expect(bad.statusCode).toBe(400);
  });
});
