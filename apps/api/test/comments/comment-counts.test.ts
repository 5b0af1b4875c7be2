import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../../src/cli/commands/moderation.js';
import { recountComments } from '../../src/domains/comments/comment-store.js';
import { expectOk } from '../support/answers.js';
import { paths } from '../support/calls.js';
import { feeds, getPage, stageAt } from '../support/feeds.js';
import { type Citizen, createTestApp, guest, machine, type TestApp, type Who } from '../support/harness.js';

/**
 * A post's comment count everywhere the post is read (ADR 085): its page, its overviews, the stage (citizens'
 * pages are filled in from a page every reader shares), a profile; beside the likes and as fresh as they are,
 * and always the recount of its comments no moderator hid.
 */

const REPORTS = '/api/moderation/v1/reports';
// A country no other test content uses, so the stage holds only this file's post.
const COUNTRY = 'IS';
let t: TestApp;
let author: Citizen;
let reader: Citizen;
let moderator: Citizen;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  author = await t.newCitizen({ country: COUNTRY });
  reader = await t.newCitizen({ country: COUNTRY });
  moderator = await t.newCitizen();
  await grantRole(t.ctx, moderator.username, 'moderator');
});
afterAll(() => t.close());

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
const get = async (as: Who, url: string) => expectOk(await t.request({ method: 'GET', url, as }));
const countIn = (page: { data: { id: string; commentsCount: number }[] }, postId: string) =>
  page.data.find((post) => post.id === postId)?.commentsCount;

/** Every read of the post, as the reader, a guest, the author and the server's renderer see it. */
async function countsEverywhere(postId: string): Promise<Record<string, number | undefined>> {
  const stage = feeds.stage({ country: COUNTRY });
  return {
    detailAsReader: (await get(reader, paths.post(postId))).commentsCount,
    sharedDetail: (await get(machine('content'), paths.sharedPost(postId))).commentsCount,
    overview: (await get(reader, paths.postOverview(postId))).commentsCount,
    overviews: (await get(reader, paths.postsOverview([postId]))).data[0]?.commentsCount,
    stageAsReader: countIn(await getPage(t, stage, reader), postId),
    stageAsGuest: countIn(await getPage(t, stage, guest), postId),
    sharedStage: countIn(await getPage(t, feeds.sharedStage({ country: COUNTRY }), machine('content')), postId),
    myProfile: countIn(await getPage(t, feeds.myPublic(), author), postId),
    profileAsGuest: countIn(await getPage(t, feeds.sharedProfile(author.username), machine('content')), postId),
  };
}

async function expectCountEverywhere(postId: string, expected: number) {
  expect(await recountComments(t.ctx.db, postId)).toBe(expected);
  const counts = await countsEverywhere(postId);
  expect(counts).toEqual(Object.fromEntries(Object.keys(counts).map((read) => [read, expected])));
}

describe('a post’s comment count', () => {
  it('follows comments, replies, a moderator’s hiding and deletes on every read, beside the likes', async () => {
    const postId = await t.newPost({ authorId: author.id });
    await stageAt(t, postId, COUNTRY, Date.now());
    // Read once first: the stage's shared page is made now and must take later counts from its live read.
    await expectCountEverywhere(postId, 0);

    const first = await comment(reader, postId, 'What a view');
    await comment(author, postId, 'Thank you!', first.id);
    const nasty = await comment(reader, postId, 'something nasty');
    await expectCountEverywhere(postId, 3);

    const filed = expectOk(
      await t.request({
        method: 'POST',
        url: REPORTS,
        as: author,
        payload: { subject: { kind: 'comment', id: nasty.id }, reason: 'harassment' },
      }),
      201,
    );
    const decided = await t.request({
      method: 'POST',
      url: `${REPORTS}/${filed.id}/decision`,
      as: moderator,
      payload: { action: 'hide-comment', note: 'seen' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await expectCountEverywhere(postId, 2);

    // A thread's first comment takes its replies with it.
    const removed = await t.request({ method: 'DELETE', url: `/api/users/v1/comments/${first.id}`, as: reader });
    expect(removed.statusCode, removed.body).toBe(204);
    await expectCountEverywhere(postId, 0);
  });
});
