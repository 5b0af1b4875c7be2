import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticesWritten } from '../../src/domains/notifications/notices.js';
import { expectOk } from '../support/answers.js';
import { paths } from '../support/calls.js';
import { befriend } from '../support/feeds.js';
import { type Citizen, createTestApp, type TestApp, type Who } from '../support/harness.js';

/**
 * What comments tell (ADR 084): the post's author of a comment, the thread's author of a reply, those a comment
 * mentions who may see the post; grouped per post (per thread) and day; nothing to oneself, across a block or with
 * the switch off; a deleted comment takes back what it told while unread.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const N = '/api/notifications/v1';
interface Line {
  kind: string;
  actors: { username: string }[];
  actorCount: number;
  post: { id: string } | null;
}

const lines = async (who: Who): Promise<Line[]> => {
  await noticesWritten(t.ctx);
  return expectOk(await t.request({ method: 'GET', url: `${N}/notifications`, as: who })).data;
};
const comment = async (as: Who, postId: string, text: string, parentId?: string) =>
  expectOk(
    await t.request({
      method: 'POST',
      url: `/api/users/v1/creators-content/${postId}/comments`,
      as,
      payload: { text, ...(parentId ? { parentId } : {}) },
    }),
    201,
  );
const remove = async (as: Who, commentId: string) =>
  expect((await t.request({ method: 'DELETE', url: `/api/users/v1/comments/${commentId}`, as })).statusCode).toBe(204);
const summary = (list: Line[]) =>
  list.map((line) => ({ kind: line.kind, count: line.actorCount, names: line.actors.map((actor) => actor.username) }));

let author: Citizen;
let first: Citizen;
let second: Citizen;
beforeAll(async () => {
  [author, first, second] = [await t.newCitizen(), await t.newCitizen(), await t.newCitizen()];
});

describe('a comment', () => {
  it("tells the post's author, grouped per post and day, newest first; not its own author", async () => {
    const postId = await t.newPost({ authorId: author.id });
    await comment(first, postId, 'one');
    await comment(second, postId, 'two');
    await comment(first, postId, 'three');
    await comment(author, postId, 'my own');
    const list = await lines(author);
    // One line per actor, at their first comment: the newest actor is the second.
    expect(summary(list)).toEqual([{ kind: 'comment', count: 2, names: [second.username, first.username] }]);
    expect(list[0]?.post?.id).toBe(postId);
  });

  it("tells a reply to the thread's author, and mentions to those who may see the post", async () => {
    const [replier, friend, stranger] = [await t.newCitizen(), await t.newCitizen(), await t.newCitizen()];
    await befriend(t, author.id, friend.id);
    await befriend(t, author.id, first.id);
    const postId = await t.newPost({ authorId: author.id, sharing: 'private' });
    await befriend(t, author.id, replier.id);
    const thread = await comment(first, postId, 'a thought');
    await comment(replier, postId, `agreed, @${friend.username} and @${stranger.username} look`, thread.id);
    expect(summary(await lines(first))).toEqual([{ kind: 'reply', count: 1, names: [replier.username] }]);
    expect(summary(await lines(friend))).toEqual([{ kind: 'commentMention', count: 1, names: [replier.username] }]);
    // The stranger may not see a friends-only post: told nothing.
    expect(await lines(stranger)).toEqual([]);
  });

  it('tells nobody across a block, nor with the comments switch off; a mention follows the mentions switch', async () => {
    const [me, blocked, quiet] = [await t.newCitizen(), await t.newCitizen(), await t.newCitizen()];
    const postId = await t.newPost({ authorId: me.id });
    expectOk(await t.request({ method: 'POST', url: paths.block(blocked.id), as: me }));
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/users/v1/creators-content/${postId}/comments`,
          as: blocked,
          payload: { text: 'hi' },
        })
      ).statusCode,
    ).toBe(404);
    const quietPost = await t.newPost({ authorId: quiet.id });
    expectOk(await t.request({ method: 'PUT', url: `${N}/preferences`, as: quiet, payload: { comment: false } }));
    await comment(me, quietPost, 'hello');
    await comment(me, postId, `@${quiet.username} look`);
    expect(summary(await lines(quiet))).toEqual([{ kind: 'commentMention', count: 1, names: [me.username] }]);
    expectOk(await t.request({ method: 'PUT', url: `${N}/preferences`, as: quiet, payload: { mention: false } }));
    await comment(me, postId, `@${quiet.username} again`);
    expect(await lines(quiet)).toHaveLength(1);
  });
});

describe('deleting a comment', () => {
  it('takes back what it told while unread, and the comment line only once its author has none left', async () => {
    const [me, them, mentioned] = [await t.newCitizen(), await t.newCitizen(), await t.newCitizen()];
    const postId = await t.newPost({ authorId: me.id });
    const one = await comment(them, postId, 'one');
    const two = await comment(them, postId, `two @${mentioned.username}`);
    expect(summary(await lines(mentioned))).toEqual([{ kind: 'commentMention', count: 1, names: [them.username] }]);
    await remove(them, two.id);
    expect(await lines(mentioned)).toEqual([]);
    // One of theirs is left under the post: the line stays.
    expect(summary(await lines(me))).toEqual([{ kind: 'comment', count: 1, names: [them.username] }]);
    await remove(me, one.id);
    expect(await lines(me)).toEqual([]);
  });

  it("of a thread takes back its replies' lines too", async () => {
    const [me, threadAuthor, replier] = [await t.newCitizen(), await t.newCitizen(), await t.newCitizen()];
    const postId = await t.newPost({ authorId: me.id });
    const thread = await comment(threadAuthor, postId, 'thread');
    await comment(replier, postId, 'reply', thread.id);
    expect(summary(await lines(threadAuthor))).toEqual([{ kind: 'reply', count: 1, names: [replier.username] }]);
    expect(summary(await lines(me))[0]).toMatchObject({ kind: 'comment', count: 2 });
    await remove(me, thread.id);
    expect(await lines(threadAuthor)).toEqual([]);
    expect(await lines(me)).toEqual([]);
  });
});
