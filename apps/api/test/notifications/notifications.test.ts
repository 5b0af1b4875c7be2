import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishProcessedPost } from '../../src/domains/media/publish.js';
import { noticesWritten } from '../../src/domains/notifications/notices.js';
import { sweepOldNotifications } from '../../src/domains/notifications/sweep-old-notifications.js';
import { expectError, expectOk } from '../support/answers.js';
import { deletePost, editCaption, paths, post, sendFriendRequest } from '../support/calls.js';
import { asCitizen, type Citizen, createTestApp, type TestApp } from '../support/harness.js';

// Notifications through the real server (ADR 077): what each action tells and whom, how they group, what an
// undo, a block, a mute, a preference and a deleted post take away, the read mark, the unread count and paging.

let t: TestApp;
beforeAll(async () => {
  // Likes tell only where LIKE_NOTIFICATIONS is on (ADR 077); the last test tries the default.
  t = await createTestApp({ env: { LIKE_NOTIFICATIONS: 'true' } });
});
afterAll(() => t.close());

const N = '/api/notifications/v1';
interface Line {
  id: string;
  kind: string;
  actors: { id: string; username: string }[];
  actorCount: number;
  post: { id: string; pictureUri: string | null } | null;
  friendRequestId: string | null;
  read: boolean;
}
// The answers do not wait for their notices (ADR 077): every read waits for those on their way first.
const list = async (who: Citizen, query = ''): Promise<{ data: Line[]; continuationToken: string | null }> => {
  await noticesWritten(t.ctx);
  return expectOk(await t.request({ method: 'GET', url: `${N}/notifications${query}`, as: asCitizen(who) }));
};
const unread = async (who: Citizen): Promise<number> => {
  await noticesWritten(t.ctx);
  return expectOk(await t.request({ method: 'GET', url: `${N}/unread-count`, as: asCitizen(who) })).count;
};
const markRead = async (who: Citizen, upTo?: string): Promise<number> => {
  await noticesWritten(t.ctx);
  return expectOk(
    await t.request({ method: 'POST', url: `${N}/read`, as: asCitizen(who), ...(upTo ? { payload: { upTo } } : {}) }),
  ).count;
};
const setPreferences = async (who: Citizen, change: Record<string, boolean>) =>
  expectOk(await t.request({ method: 'PUT', url: `${N}/preferences`, as: asCitizen(who), payload: change }));
const actorNames = (line: Line | undefined) => line?.actors.map((actor) => actor.username);
const picture = {
  imageUri: '/media/p/x/1080.webp',
  renditions: [{ width: 320, height: 320, uri: '/media/p/x/320.webp' }],
};

/** Each group's kept count against a recount of its rows, and no group without rows. */
async function groupsAgreeWithRows(): Promise<void> {
  await noticesWritten(t.ctx);
  const drift = await sql<{ recipient_id: string }>`
    select g.recipient_id from notification_groups g
    where g.actor_count <> (select count(*) from notifications n
      where n.recipient_id = g.recipient_id and n.group_key = g.group_key)
      or g.latest_id <> (select n.id from notifications n
      where n.recipient_id = g.recipient_id and n.group_key = g.group_key order by n.id desc limit 1)`.execute(
    t.ctx.db,
  );
  expect(drift.rows).toEqual([]);
}

describe('likes', () => {
  it('tell the author, grouped per post and day, the newest actors first and at most three named', async () => {
    const author = await t.newCitizen();
    const likers = await Promise.all(Array.from({ length: 5 }, () => t.newCitizen()));
    const postId = await t.newPost({ authorId: author.id, caption: 'sunset', ...picture });
    for (const liker of likers) expectOk(await post(t, paths.like(postId), liker));
    // Liking one's own post tells nobody; a second like of the same citizen tells nothing new.
    expectOk(await post(t, paths.like(postId), author));
    expectOk(await post(t, paths.like(postId), likers[0] as Citizen));

    const { data } = await list(author);
    expect(data).toHaveLength(1);
    const [line] = data;
    expect(line).toMatchObject({ kind: 'like', actorCount: 5, read: false, friendRequestId: null });
    expect(actorNames(line)).toEqual(
      likers
        .slice(2)
        .reverse()
        .map((liker) => liker.username),
    );
    expect(line?.post).toEqual({ id: postId, pictureUri: '/media/p/x/320.webp', placeholder: null });
    expect(await unread(author)).toBe(1);
    // Nobody else is told of it.
    for (const liker of likers) expect((await list(liker)).data).toEqual([]);
    await groupsAgreeWithRows();
  });

  it('start a new group on a new day', async () => {
    const author = await t.newCitizen();
    const [first, second] = [await t.newCitizen(), await t.newCitizen()];
    const postId = await t.newPost({ authorId: author.id, ...picture });
    const realNow = t.ctx.now;
    try {
      const yesterday = realNow() - 24 * 60 * 60_000;
      t.ctx.now = () => yesterday;
      expectOk(await post(t, paths.like(postId), first));
      await noticesWritten(t.ctx);
    } finally {
      t.ctx.now = realNow;
    }
    expectOk(await post(t, paths.like(postId), second));
    const { data } = await list(author);
    expect(data.map((line) => [line.kind, actorNames(line)])).toEqual([
      ['like', [second.username]],
      ['like', [first.username]],
    ]);
  });

  it('an unlike takes back an unread like, and leaves one already read', async () => {
    const author = await t.newCitizen();
    const [fan, other] = [await t.newCitizen(), await t.newCitizen()];
    const postId = await t.newPost({ authorId: author.id, ...picture });
    expectOk(await post(t, paths.like(postId), fan));
    expectOk(await post(t, paths.like(postId), other));
    expectOk(await post(t, paths.unlike(postId), fan));
    let [line] = (await list(author)).data;
    expect(line).toMatchObject({ actorCount: 1 });
    expect(actorNames(line)).toEqual([other.username]);
    expectOk(await post(t, paths.unlike(postId), other));
    expect((await list(author)).data).toEqual([]);
    expect(await unread(author)).toBe(0);

    expectOk(await post(t, paths.like(postId), fan));
    expect(await markRead(author)).toBe(0);
    expectOk(await post(t, paths.unlike(postId), fan));
    [line] = (await list(author)).data;
    expect(line).toMatchObject({ kind: 'like', actorCount: 1, read: true });
    await groupsAgreeWithRows();
  });
  it('many at once are told together: one group, its count equal to its rows, and half taken back at once', async () => {
    const author = await t.newCitizen();
    const likers = await Promise.all(Array.from({ length: 24 }, () => t.newCitizen()));
    const postId = await t.newPost({ authorId: author.id, ...picture });
    await Promise.all(likers.map((liker) => post(t, paths.like(postId), liker).then((res) => expectOk(res))));
    expect((await list(author)).data.map((line) => line.actorCount)).toEqual([24]);
    await Promise.all(
      likers.slice(0, 12).map((liker) => post(t, paths.unlike(postId), liker).then((res) => expectOk(res))),
    );
    const [line] = (await list(author)).data;
    expect(line?.actorCount).toBe(12);
    expect(likers.slice(12).map((liker) => liker.username)).toEqual(
      expect.arrayContaining(actorNames(line) as string[]),
    );
    await groupsAgreeWithRows();
  });
});

describe('follows and friend requests', () => {
  it('a follow tells the followed citizen, grouped per day; an unfollow takes back an unread one', async () => {
    const star = await t.newCitizen();
    const [a, b] = [await t.newCitizen(), await t.newCitizen()];
    expectOk(await post(t, paths.follow(star.id), a));
    expectOk(await post(t, paths.follow(star.id), b));
    let [line] = (await list(star)).data;
    expect(line).toMatchObject({ kind: 'follow', actorCount: 2, post: null });
    expect(actorNames(line)).toEqual([b.username, a.username]);
    expectOk(await post(t, paths.unfollow(star.id), b));
    [line] = (await list(star)).data;
    expect(actorNames(line)).toEqual([a.username]);
    await groupsAgreeWithRows();
  });

  it('a request tells its recipient with its id while pending; a cancel takes it back; an approval tells the sender', async () => {
    const [me, them] = [await t.newCitizen(), await t.newCitizen()];
    const cancelled = await sendFriendRequest(t, me, them);
    expect((await list(them)).data[0]).toMatchObject({ kind: 'friendRequest', friendRequestId: cancelled });
    expectOk(await post(t, paths.cancelRequest(cancelled), me));
    expect((await list(them)).data).toEqual([]);

    const approved = await sendFriendRequest(t, me, them);
    expectOk(await post(t, paths.approveRequest(approved), them));
    const [accepted] = (await list(me)).data;
    expect(accepted).toMatchObject({ kind: 'friendAccepted', friendRequestId: null });
    expect(actorNames(accepted)).toEqual([them.username]);
    // The request, answered, stays in its recipient's list without its id.
    expect((await list(them)).data[0]).toMatchObject({ kind: 'friendRequest', friendRequestId: null });
  });
});

describe('mentions', () => {
  it('tell those mentioned once the post is out, only those who may see it, and an edit takes back or tells', async () => {
    const [author, friend, stranger, later] = [
      await t.newCitizen(),
      await t.newCitizen(),
      await t.newCitizen(),
      await t.newCitizen(),
    ];
    expectOk(await post(t, paths.approveRequest(await sendFriendRequest(t, author, friend)), friend));
    const publicPost = await t.newPost({
      authorId: author.id,
      caption: `hi @${friend.username} @${stranger.username}`,
      mentionIds: [friend.id, stranger.id],
      status: 'processing',
    });
    const friendsOnly = await t.newPost({
      authorId: author.id,
      caption: `secret @${friend.username} @${stranger.username}`,
      mentionIds: [friend.id, stranger.id],
      sharing: 'private',
      status: 'processing',
    });
    // Still processing: nobody is told yet.
    expect((await list(stranger)).data).toEqual([]);
    const media = {
      folder: 'nowhere',
      imageUri: '/media/p/y/1080.webp',
      coverImageUri: null,
      videoUri: null,
      hlsUri: null,
      renditions: [],
      placeholder: 'p',
      width: 1,
      height: 1,
    };
    await publishProcessedPost(t.ctx, publicPost, media);
    await publishProcessedPost(t.ctx, friendsOnly, media);

    // (Below the two: the friend request the friend was sent.)
    expect((await list(friend)).data.map((line) => [line.kind, line.post?.id ?? null])).toEqual([
      ['mention', friendsOnly],
      ['mention', publicPost],
      ['friendRequest', null],
    ]);
    // The friends-only post tells only the author's friend.
    expect((await list(stranger)).data.map((line) => line.post?.id)).toEqual([publicPost]);

    await editCaption(t, publicPost, asCitizen(author), `hi @${later.username}`);
    expect((await list(stranger)).data).toEqual([]);
    expect((await list(later)).data.map((line) => [line.kind, line.post?.id])).toEqual([['mention', publicPost]]);
    await groupsAgreeWithRows();
  });
});

describe('who is not told', () => {
  it('nobody with a block between them, either way, and a block takes away what was told, read or not', async () => {
    const [me, them] = [await t.newCitizen(), await t.newCitizen()];
    const mine = await t.newPost({ authorId: me.id, ...picture });
    expectOk(await post(t, paths.like(mine), them));
    expectOk(await post(t, paths.follow(me.id), them));
    await markRead(me);
    expectOk(await post(t, paths.block(them.id), me));
    expect((await list(me)).data).toEqual([]);

    // The other way round: a citizen who blocked the author is not told of a like they cannot make anyway, nor
    // of a mention the post's rules refuse; an unblocked pair is told again.
    expectOk(await post(t, paths.unblock(them.id), me));
    expectOk(await post(t, paths.follow(me.id), them));
    expect((await list(me)).data.map((line) => line.kind)).toEqual(['follow']);
    await groupsAgreeWithRows();
  });

  it('nobody who muted the actor; the muted one still is', async () => {
    const [me, them] = [await t.newCitizen(), await t.newCitizen()];
    expectOk(await post(t, paths.mute(them.id), me));
    expectOk(await post(t, paths.follow(me.id), them));
    expect((await list(me)).data).toEqual([]);
    expectOk(await post(t, paths.follow(them.id), me));
    expect((await list(them)).data.map((line) => line.kind)).toEqual(['follow']);
  });

  it('nobody who turned the kind off; the other kinds still tell', async () => {
    const [me, them] = [await t.newCitizen(), await t.newCitizen()];
    expect(expectOk(await t.request({ method: 'GET', url: `${N}/preferences`, as: asCitizen(me) }))).toEqual({
      like: true,
      follow: true,
      friendRequest: true,
      friendAccepted: true,
      mention: true,
      comment: true,
      told: ['like', 'follow', 'friendRequest', 'friendAccepted', 'mention', 'comment'],
    });
    expect(await setPreferences(me, { follow: false })).toEqual({
      like: true,
      follow: false,
      friendRequest: true,
      friendAccepted: true,
      mention: true,
      comment: true,
      told: ['like', 'follow', 'friendRequest', 'friendAccepted', 'mention', 'comment'],
    });
    expectOk(await post(t, paths.follow(me.id), them));
    const mine = await t.newPost({ authorId: me.id, ...picture });
    expectOk(await post(t, paths.like(mine), them));
    expect((await list(me)).data.map((line) => line.kind)).toEqual(['like']);
    // Turning it on again leaves the read mark alone.
    await markRead(me);
    await setPreferences(me, { follow: true });
    expect(await unread(me)).toBe(0);
  });

  it('a deleted post takes its notifications with it, read or not', async () => {
    const [me, them] = [await t.newCitizen(), await t.newCitizen()];
    const mine = await t.newPost({ authorId: me.id, ...picture });
    expectOk(await post(t, paths.like(mine), them));
    await markRead(me);
    await deletePost(t, mine, asCitizen(me));
    expect((await list(me)).data).toEqual([]);
  });
});

describe('reading', () => {
  it('pages without repeats or gaps, the most recently active group first', async () => {
    const me = await t.newCitizen();
    const fans = await Promise.all(Array.from({ length: 7 }, () => t.newCitizen()));
    const posts: string[] = [];
    for (const fan of fans) {
      const postId = await t.newPost({ authorId: me.id, ...picture });
      posts.push(postId);
      expectOk(await post(t, paths.like(postId), fan));
    }
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const page: { data: Line[]; continuationToken: string | null } = await list(
        me,
        `?size=3${token ? `&continuationToken=${encodeURIComponent(token)}` : ''}`,
      );
      seen.push(...page.data.map((line) => line.post?.id as string));
      token = page.continuationToken;
    } while (token);
    expect(seen).toEqual([...posts].reverse());
    // A liked group of an older post comes back to the top.
    expectOk(await post(t, paths.like(posts[0] as string), fans[1] as Citizen));
    expect((await list(me, '?size=1')).data[0]?.post?.id).toBe(posts[0]);
    // Another citizen's token is refused, as is a forged one.
    const first = await list(me, '?size=1');
    expectError(
      await t.request({
        method: 'GET',
        url: `${N}/notifications?continuationToken=${encodeURIComponent(first.continuationToken as string)}`,
        as: asCitizen(fans[0] as Citizen),
      }),
      400,
      'INVALID_CONTINUATION_TOKEN',
    );
  });

  it('marks read up to a line, or everything, never back; the unread count equals a recount of the list', async () => {
    const me = await t.newCitizen();
    const fans = await Promise.all(Array.from({ length: 4 }, () => t.newCitizen()));
    for (const fan of fans) expectOk(await post(t, paths.follow(me.id), fan));
    const postIds: string[] = [];
    for (const fan of fans) {
      const postId = await t.newPost({ authorId: me.id, ...picture });
      postIds.push(postId);
      expectOk(await post(t, paths.like(postId), fan));
    }
    const lines = (await list(me)).data;
    expect(lines).toHaveLength(5);
    const recount = async () => (await list(me)).data.filter((line) => !line.read).length;
    expect(await unread(me)).toBe(await recount());
    // Up to the third line: the two newer stay unread.
    expect(await markRead(me, lines[2]?.id)).toBe(2);
    expect(await recount()).toBe(2);
    // An older mark does not make read lines unread again.
    expect(await markRead(me, lines[4]?.id)).toBe(2);
    expect(await markRead(me)).toBe(0);
    expect(await recount()).toBe(0);
    // Marking with nothing to read changes nothing.
    const nobody = await t.newCitizen();
    expect(await markRead(nobody)).toBe(0);
  });

  it('refuses a mark that is not an id, and preferences that are not booleans', async () => {
    const me = await t.newCitizen();
    expectError(
      await t.request({ method: 'POST', url: `${N}/read`, as: asCitizen(me), payload: { upTo: 'yesterday' } }),
      400,
    );
    expectError(
      await t.request({ method: 'PUT', url: `${N}/preferences`, as: asCitizen(me), payload: { like: 'no' } }),
      400,
    );
  });
});

describe('the sweeper', () => {
  it('deletes groups older than the retention with their rows, and keeps the rest', async () => {
    const me = await t.newCitizen();
    const [old, recent] = [await t.newCitizen(), await t.newCitizen()];
    const realNow = t.ctx.now;
    try {
      const longAgo = realNow() - (t.ctx.config.NOTIFICATION_RETENTION_DAYS + 1) * 24 * 60 * 60_000;
      t.ctx.now = () => longAgo;
      expectOk(await post(t, paths.follow(me.id), old));
      await noticesWritten(t.ctx);
    } finally {
      t.ctx.now = realNow;
    }
    expectOk(await post(t, paths.follow(me.id), recent));
    expect((await list(me)).data).toHaveLength(2);
    expect(await sweepOldNotifications(t.ctx)).toBeGreaterThanOrEqual(1);
    expect((await list(me)).data.map(actorNames)).toEqual([[recent.username]]);
    await groupsAgreeWithRows();
  });
});

describe('with the default configuration', () => {
  it('a like tells nobody (LIKE_NOTIFICATIONS off), while a follow still does; the settings say so', async () => {
    const plain = await createTestApp({ seed: false });
    try {
      const [author, fan] = [await plain.newCitizen(), await plain.newCitizen()];
      const postId = await plain.newPost({ authorId: author.id, ...picture });
      expectOk(await post(plain, paths.like(postId), fan));
      expectOk(await post(plain, paths.follow(author.id), fan));
      await noticesWritten(plain.ctx);
      const res = await plain.request({ method: 'GET', url: `${N}/notifications`, as: asCitizen(author) });
      expect(expectOk(res).data.map((line: Line) => line.kind)).toEqual(['follow']);
      const settings = await plain.request({ method: 'GET', url: `${N}/preferences`, as: asCitizen(author) });
      expect(expectOk(settings)).toMatchObject({
        like: true,
        told: ['follow', 'friendRequest', 'friendAccepted', 'mention', 'comment'],
      });
    } finally {
      await plain.close();
    }
  });
});
