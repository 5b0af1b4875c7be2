import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderate } from '../../src/cli/commands/moderation.js';
import { recountComments } from '../../src/domains/comments/comment-store.js';
import { expectError, expectOk } from '../support/answers.js';
import { deletePost, paths } from '../support/calls.js';
import { befriend } from '../support/feeds.js';
import { type Citizen, createTestApp, guest, type TestApp, unknownId, type Who } from '../support/harness.js';

/**
 * Comments through the real server (ADR 084): who may read and write them follows the post's own rules, replies
 * sit under their thread, deletion rights, the author's switch, blocks, mutes, suspensions, and a kept count that
 * always equals a recount.
 */

let t: TestApp;
let author: Citizen;
let reader: Citizen;
let friend: Citizen;
let stranger: Citizen;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  [author, reader, friend, stranger] = await Promise.all([
    t.newCitizen(),
    t.newCitizen(),
    t.newCitizen(),
    t.newCitizen(),
  ]);
  await befriend(t, author.id, friend.id);
});
afterAll(() => t.close());

const commentsUrl = (postId: string) => `/api/content/v1/creators-content/${postId}/comments`;
const writeUrl = (postId: string) => `/api/users/v1/creators-content/${postId}/comments`;

const write = (as: Who, postId: string, text: string, parentId?: string) =>
  t.request({ method: 'POST', url: writeUrl(postId), as, payload: { text, ...(parentId ? { parentId } : {}) } });
const comment = async (as: Who, postId: string, text: string, parentId?: string) =>
  expectOk(await write(as, postId, text, parentId), 201);
const read = (as: Who, postId: string, query = '') =>
  t.request({ method: 'GET', url: `${commentsUrl(postId)}${query}`, as });
const remove = (as: Who, commentId: string) =>
  t.request({ method: 'DELETE', url: `/api/users/v1/comments/${commentId}`, as });
const switchOff = (as: Who, postId: string, commentsOff: boolean) =>
  t.request({
    method: 'PUT',
    url: `/api/users/v1/creators-content/${postId}/comments-off`,
    as,
    payload: { commentsOff },
  });
const texts = (body: { data: { text: { content: string } }[] }) => body.data.map((item) => item.text.content);

/** The kept count as the list answers it, beside the recount of the comments table. */
async function expectCountKept(postId: string, expected: number) {
  const page = expectOk(await read(author, postId));
  expect(page.commentsCount).toBe(expected);
  expect(await recountComments(t.ctx.db, postId)).toBe(expected);
}

describe('a public post', () => {
  it('takes comments from citizens and shows them to guests, oldest first, replies under their thread', async () => {
    const postId = await t.newPost({ authorId: author.id });
    const first = await comment(reader, postId, 'First!');
    const second = await comment(stranger, postId, 'Lovely light');
    const reply = await comment(author, postId, 'Thank you', first.id);
    // A reply to a reply joins the thread under its first comment.
    const deeper = await comment(reader, postId, 'You are welcome', reply.id);
    expect(reply).toMatchObject({ parentId: first.id, postId, author: { id: author.id }, canDelete: true });
    expect(deeper.parentId).toBe(first.id);

    const page = expectOk(await read(guest, postId));
    expect(texts(page)).toEqual(['First!', 'Thank you', 'You are welcome', 'Lovely light']);
    expect(page.data.map((item: { id: string }) => item.id)).toEqual([first.id, reply.id, deeper.id, second.id]);
    expect(page.data.every((item: { canDelete: boolean }) => !item.canDelete)).toBe(true);
    expect(page).toMatchObject({ commentsCount: 4, commentsOff: false, continuationToken: null });
    await expectCountKept(postId, 4);
  });

  it('pages with continuation tokens, without repeats or gaps, and a comment added meanwhile at the end', async () => {
    const postId = await t.newPost({ authorId: author.id });
    const written: string[] = [];
    for (let i = 0; i < 5; i++) written.push((await comment(reader, postId, `c${i}`)).id);
    written.splice(2, 0, (await comment(stranger, postId, 'reply to c1', written[1])).id);
    const seen: string[] = [];
    let token: string | null = null;
    for (let page = 0; page < 10; page++) {
      const query: string = `?size=2${token ? `&continuationToken=${encodeURIComponent(token)}` : ''}`;
      const body = expectOk(await read(guest, postId, query));
      seen.push(...body.data.map((item: { id: string }) => item.id));
      if (page === 0) written.push((await comment(friend, postId, 'late')).id);
      token = body.continuationToken;
      if (!token) break;
    }
    expect(seen).toEqual(written);
    // A token is bound to its post's list.
    const other = await t.newPost({ authorId: author.id });
    const first = expectOk(await read(guest, postId, '?size=1'));
    expectError(
      await read(guest, other, `?continuationToken=${encodeURIComponent(first.continuationToken)}`),
      400,
      'INVALID_CONTINUATION_TOKEN',
    );
  });

  it('links mentions, and refuses text that breaks the rules of captions with a clear 400', async () => {
    const postId = await t.newPost({ authorId: author.id });
    const made = await comment(reader, postId, `Look @${stranger.username}, #GoldenHour and #जयपुर, not a#b`);
    expect(made.text.mentions).toEqual([expect.objectContaining({ id: stranger.id, username: stranger.username })]);
    expect(made.hashtags).toEqual(['GoldenHour', 'जयपुर']);
    for (const text of ['', '   ', 'a\u0000b', 'x'.repeat(1001), 'evil \u202e text']) {
      const res = await write(reader, postId, text);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().message).toMatch(/text/);
    }
    expect((await write(reader, postId, 'x'.repeat(1000))).statusCode).toBe(201);
    expectError(await write(reader, postId, 'hi', unknownId), 404, 'COMMENT_NOT_FOUND');
    const elsewhere = await comment(reader, await t.newPost({ authorId: author.id }), 'elsewhere');
    expectError(await write(reader, postId, 'hi', elsewhere.id), 403, 'NOT_THIS_POSTS_COMMENT');
    await expectCountKept(postId, 2);
  });
});

describe('a friends-only post', () => {
  it('shows and takes comments from its audience only: 404 to anyone else', async () => {
    const postId = await t.newPost({ authorId: author.id, sharing: 'private' });
    const made = await comment(friend, postId, 'Only us');
    expect(texts(expectOk(await read(author, postId)))).toEqual(['Only us']);
    for (const outsider of [stranger, guest] as Who[]) expectError(await read(outsider, postId), 404, 'POST_NOT_FOUND');
    expectError(await write(stranger, postId, 'let me in'), 404, 'POST_NOT_FOUND');
    expectError(await write(stranger, postId, 'let me in', made.id), 404, 'POST_NOT_FOUND');
    expectError(await remove(stranger, made.id), 404, 'POST_NOT_FOUND');
  });
});

describe('deleting', () => {
  it("is for the comment's author or the post's author; a thread's replies go with it", async () => {
    const postId = await t.newPost({ authorId: author.id });
    const mine = await comment(reader, postId, 'mine');
    const reply = await comment(stranger, postId, 'a reply', mine.id);
    const theirs = await comment(stranger, postId, 'theirs');
    expectError(await remove(stranger, mine.id), 403, 'NOT_YOUR_COMMENT');
    expectError(await remove(reader, theirs.id), 403, 'NOT_YOUR_COMMENT');
    await expectCountKept(postId, 3);
    expect((await remove(reader, mine.id)).statusCode).toBe(204);
    expect(texts(expectOk(await read(guest, postId)))).toEqual(['theirs']);
    await expectCountKept(postId, 1);
    expect((await remove(author, theirs.id)).statusCode).toBe(204);
    await expectCountKept(postId, 0);
    expectError(await remove(reader, mine.id), 404, 'COMMENT_NOT_FOUND');
    expectError(await remove(author, reply.id), 404, 'COMMENT_NOT_FOUND');
  });

  it('of the post takes its comments with it', async () => {
    const postId = await t.newPost({ authorId: author.id });
    const made = await comment(reader, postId, 'gone soon');
    await comment(stranger, postId, 'me too', made.id);
    await deletePost(t, postId, author);
    const left = await t.ctx.db.selectFrom('comments').select('id').where('post_id', '=', postId).execute();
    expect(left).toEqual([]);
    expectError(await read(reader, postId), 404, 'POST_NOT_FOUND');
    expectError(await write(reader, postId, 'hello?'), 404, 'POST_NOT_FOUND');
  });
});

describe("the author's switch", () => {
  it('turns comments off for new ones, keeps those written, and on again', async () => {
    const postId = await t.newPost({ authorId: author.id });
    const kept = await comment(reader, postId, 'before');
    expectError(await switchOff(reader, postId, true), 403, 'NOT_YOUR_POST');
    expect(expectOk(await switchOff(author, postId, true))).toEqual({ commentsOff: true });
    expectError(await write(reader, postId, 'after'), 403, 'COMMENTS_OFF');
    expectError(await write(author, postId, 'mine after', kept.id), 403, 'COMMENTS_OFF');
    expect(expectOk(await read(guest, postId))).toMatchObject({ commentsOff: true, commentsCount: 1 });
    expect(expectOk(await switchOff(author, postId, false))).toEqual({ commentsOff: false });
    expect((await write(reader, postId, 'again')).statusCode).toBe(201);
    await expectCountKept(postId, 2);
  });
});

describe('blocks, mutes and suspensions', () => {
  it('hide the comments of whoever stands behind them, and their replies with the thread', async () => {
    const postId = await t.newPost({ authorId: author.id });
    const [blocker, blocked, muter, muted] = await Promise.all([
      t.newCitizen(),
      t.newCitizen(),
      t.newCitizen(),
      t.newCitizen(),
    ]);
    const fromBlocked = await comment(blocked, postId, 'from blocked');
    await comment(reader, postId, 'reply under blocked', fromBlocked.id);
    await comment(muted, postId, 'from muted');
    await comment(reader, postId, 'from reader');
    expectOk(await t.request({ method: 'POST', url: paths.block(blocked.id), as: blocker }));
    expectOk(await t.request({ method: 'POST', url: paths.mute(muted.id), as: muter }));
    expect(texts(expectOk(await read(blocker, postId)))).toEqual(['from muted', 'from reader']);
    expect(texts(expectOk(await read(muter, postId)))).toEqual(['from blocked', 'reply under blocked', 'from reader']);
    // Blocked the other way round: the blocked citizen no longer sees the blocker's comments either.
    const fromBlocker = await comment(blocker, postId, 'from blocker');
    expect(texts(expectOk(await read(blocked, postId)))).not.toContain('from blocker');
    // Nor can they answer them: the comment they would answer is not there for them.
    expectError(await write(blocked, postId, 'hey', fromBlocker.id), 404, 'COMMENT_NOT_FOUND');
    // A mention across a block is refused, as in a caption.
    expectError(await write(blocked, postId, `@${blocker.username} hi`), 403);

    await moderate(t.ctx, { action: 'suspend', username: muted.username });
    expect(texts(expectOk(await read(guest, postId)))).not.toContain('from muted');
    await expectCountKept(postId, 5);
  });
});

describe('at once', () => {
  it('keeps the count equal to a recount through comments, replies and deletes racing each other', async () => {
    const postId = await t.newPost({ authorId: author.id });
    const people = await Promise.all(Array.from({ length: 6 }, () => t.newCitizen()));
    const threads = await Promise.all(people.map((person, i) => comment(person, postId, `thread ${i}`)));
    // Replies to each thread race the deletion of every other thread.
    const races = threads.flatMap((thread, i) => [
      write(people[(i + 1) % people.length] as Citizen, postId, 'a reply', thread.id),
      write(people[(i + 2) % people.length] as Citizen, postId, 'another reply', thread.id),
      ...(i % 2 === 0 ? [remove(people[i] as Citizen, thread.id)] : []),
      write(people[i] as Citizen, postId, `more ${i}`),
    ]);
    for (const res of await Promise.all(races)) expect([201, 204, 404], res.body).toContain(res.statusCode);
    const left = await recountComments(t.ctx.db, postId);
    await expectCountKept(postId, left);
    // No reply outlived its thread.
    const orphans = await t.ctx.db
      .selectFrom('comments as reply')
      .leftJoin('comments as thread', 'thread.id', 'reply.parent_id')
      .select('reply.id')
      .where('reply.post_id', '=', postId)
      .where('reply.parent_id', 'is not', null)
      .where('thread.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
  });
});
