import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../../src/cli/commands/moderation.js';
import { recountComments } from '../../src/domains/comments/comment-store.js';
import { expectError, expectOk } from '../support/answers.js';
import { type Citizen, createTestApp, type TestApp, type Who } from '../support/harness.js';

/**
 * Reports of comments and a moderator's decisions on them (ADR 084): a comment is reported as what the reporter
 * can see, hidden from everyone but its author (who is told why), off its post's count, shown again on restore;
 * a suspension from a comment's report suspends its author; the queue and the log name them.
 */

const REPORTS = '/api/moderation/v1/reports';
let t: TestApp;
let author: Citizen;
let commenter: Citizen;
let reader: Citizen;
let moderator: Citizen;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  [author, commenter, reader, moderator] = [
    await t.newCitizen(),
    await t.newCitizen(),
    await t.newCitizen(),
    await t.newCitizen(),
  ];
  await grantRole(t.ctx, moderator.username, 'moderator');
});
afterAll(() => t.close());

const comment = async (as: Who, postId: string, text: string) =>
  expectOk(
    await t.request({
      method: 'POST',
      url: `/api/users/v1/creators-content/${postId}/comments`,
      as,
      payload: { text },
    }),
    201,
  );
const report = (as: Who, id: string, reason = 'harassment') =>
  t.request({ method: 'POST', url: REPORTS, as, payload: { subject: { kind: 'comment', id }, reason } });
const decide = (reportId: string, action: string) =>
  t.request({
    method: 'POST',
    url: `${REPORTS}/${reportId}/decision`,
    as: moderator,
    payload: { action, note: 'seen' },
  });
const shown = async (as: Who, postId: string) =>
  expectOk(await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${postId}/comments`, as }));

describe('a reported comment', () => {
  it('is hidden from all but its author, off the count, then shown again on restore', async () => {
    const postId = await t.newPost({ authorId: author.id });
    const made = await comment(commenter, postId, 'something nasty');
    await comment(reader, postId, 'a fair point');
    expectError(await report(commenter, made.id), 400, 'CANNOT_REPORT_YOURSELF');
    const filed = expectOk(await report(reader, made.id), 201);
    expect(filed).toMatchObject({ subject: { kind: 'comment', id: made.id }, subjectUsername: commenter.username });
    expectError(await report(reader, made.id), 409, 'REPORT_ALREADY_OPEN');

    const queue = expectOk(await t.request({ method: 'GET', url: REPORTS, as: moderator }));
    expect(queue.data.find((group: { subject: { id: string } }) => group.subject.id === made.id)).toMatchObject({
      preview: { username: commenter.username, caption: 'something nasty', postId, actedOn: false, gone: false },
    });
    expectError(await decide(filed.id, 'hide-post'), 400, 'ACTION_DOES_NOT_FIT');
    expect((await decide(filed.id, 'hide-comment')).statusCode).toBe(200);

    const forReader = await shown(reader, postId);
    expect(forReader.data.map((item: { id: string }) => item.id)).not.toContain(made.id);
    expect(forReader.commentsCount).toBe(1);
    expect(await recountComments(t.ctx.db, postId)).toBe(1);
    const forAuthor = await shown(commenter, postId);
    expect(forAuthor.data.find((item: { id: string }) => item.id === made.id)).toMatchObject({
      moderationDecision: { action: 'hidden', reason: 'harassment' },
    });
    // Hidden, it can be neither answered nor reported by others.
    expectError(
      await t.request({
        method: 'POST',
        url: `/api/users/v1/creators-content/${postId}/comments`,
        as: reader,
        payload: { text: 'reply', parentId: made.id },
      }),
      404,
      'COMMENT_NOT_FOUND',
    );

    expect((await decide(filed.id, 'restore-comment')).statusCode).toBe(200);
    expectError(await decide(filed.id, 'restore-comment'), 409, 'ALREADY_DECIDED');
    expect((await shown(reader, postId)).data.map((item: { id: string }) => item.id)).toContain(made.id);
    expect((await shown(reader, postId)).commentsCount).toBe(2);
    expect(await recountComments(t.ctx.db, postId)).toBe(2);
  });

  it('suspends its author when a moderator suspends from it, and the log names them', async () => {
    const postId = await t.newPost({ authorId: author.id });
    const troll = await t.newCitizen();
    const made = await comment(troll, postId, 'spam spam');
    const filed = expectOk(await report(reader, made.id, 'spam'), 201);
    const decided = expectOk(await decide(filed.id, 'suspend'));
    expect(decided).toMatchObject({ action: 'suspend', subject: { kind: 'citizen', id: troll.id } });
    expect((await shown(reader, postId)).data).toEqual([]);
    const log = expectOk(await t.request({ method: 'GET', url: '/api/moderation/v1/log', as: moderator }));
    expect(log.data[0]).toMatchObject({ action: 'suspend', subjectUsername: troll.username });
  });

  it('is gone from the queue preview once deleted, and a decision on it is a 404', async () => {
    const postId = await t.newPost({ authorId: author.id });
    const made = await comment(commenter, postId, 'soon gone');
    const filed = expectOk(await report(reader, made.id), 201);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/users/v1/comments/${made.id}`, as: commenter })).statusCode,
    ).toBe(204);
    const queue = expectOk(await t.request({ method: 'GET', url: REPORTS, as: moderator }));
    expect(queue.data.find((group: { subject: { id: string } }) => group.subject.id === made.id)).toMatchObject({
      preview: { gone: true },
    });
    expectError(await decide(filed.id, 'hide-comment'), 404, 'COMMENT_NOT_FOUND');
  });
});
