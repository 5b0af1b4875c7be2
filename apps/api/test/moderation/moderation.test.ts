import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole, moderate, revokeRole } from '../../src/cli/commands/moderation.js';
import { stagePost } from '../../src/domains/feeds/stage-membership.js';
import { type Citizen, createTestApp, guest, type TestApp, unknownId, type Who } from '../support/harness.js';
import {
  authorizationCode,
  callbackUrl,
  pkcePair,
  signInAnswer,
  signUpAndVerify,
  tokenRequest,
  WEB_CLIENT,
} from '../support/identity-flows.js';

/**
 * Reports and moderation through the real server (ADR 070): a report, a moderator's decision, and every read path
 * and count following it for everyone but the post's author; suspension signing a citizen out everywhere; the
 * role read per call.
 */

const REPORTS = '/api/moderation/v1/reports';
const COUNTRY = 'NO';
const TAG = 'moderationtable';

let t: TestApp;
let author: Citizen;
let reader: Citizen;
let moderator: Citizen;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  author = await t.newCitizen({ country: COUNTRY });
  reader = await t.newCitizen({ country: COUNTRY });
  moderator = await t.newCitizen({ country: COUNTRY });
  await grantRole(t.ctx, moderator.username, 'moderator');
});
afterAll(() => t.close());

const report = (as: Who, subject: { kind: 'post' | 'citizen'; id: string }, reason = 'spam', note?: string) =>
  t.request({ method: 'POST', url: REPORTS, as, payload: { subject, reason, ...(note ? { note } : {}) } });

const decision = (as: Who, reportId: string, action: string, note = 'seen it') =>
  t.request({ method: 'POST', url: `${REPORTS}/${reportId}/decision`, as, payload: { action, note } });

const ids = (body: string): string[] => (JSON.parse(body).data as { id: string }[]).map((post) => post.id);

/** A public post on the stage and under the tag. */
async function stagedPost(): Promise<string> {
  const id = await t.newPost({ authorId: author.id, caption: `#${TAG}` });
  await stagePost(t.ctx.db, id, [COUNTRY], 'curated', Date.now());
  return id;
}

/** Where the post shows for a reader: the stage, the hashtag feed, the author's public feed, its detail. */
async function whereSeen(as: Who, postId: string) {
  const stage = await t.request({ method: 'GET', url: `/api/content/v9/feed/eight-stage?country=${COUNTRY}`, as });
  const tag = await t.request({ method: 'GET', url: `/api/content/v1/feed/hashtags/${TAG}`, as });
  const detail =
    as === guest ? null : await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${postId}`, as });
  const profile =
    as === guest
      ? null
      : await t.request({ method: 'GET', url: `/api/users/influencers/profile/${author.username}`, as });
  return {
    stage: ids(stage.body).includes(postId),
    tag: ids(tag.body).includes(postId),
    detail: detail?.statusCode ?? null,
    postsCount: profile?.json().postsCount ?? null,
  };
}

async function tagCount(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('hashtags')
    .select('posts_count')
    .where('name_key', '=', TAG)
    .executeTakeFirst();
  return Number(row?.posts_count ?? 0);
}

describe('a report and a decision on a post', () => {
  it('hides the post from every feed, list and count for everyone but its author, who is told why; restore undoes it', async () => {
    const postId = await stagedPost();
    const before = await whereSeen(reader, postId);
    expect(before).toMatchObject({ stage: true, tag: true, detail: 200 });
    const countBefore = await tagCount();

    const filed = await report(reader, { kind: 'post', id: postId }, 'harassment', 'Aimed at me');
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json()).toMatchObject({ subject: { kind: 'post', id: postId }, reason: 'harassment', state: 'open' });
    const hidden = await decision(moderator, filed.json().id, 'hide-post', 'Targets a person');
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({
      moderator: moderator.username,
      action: 'hide-post',
      note: 'Targets a person',
    });

    expect(await whereSeen(reader, postId)).toEqual({
      stage: false,
      tag: false,
      detail: 404,
      postsCount: (before.postsCount as number) - 1,
    });
    const asGuest = await whereSeen(guest, postId);
    expect(asGuest).toMatchObject({ stage: false, tag: false });
    expect(await tagCount()).toBe(countBefore - 1);
    // The author still sees it, with the decision.
    const own = await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${postId}`, as: author });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().moderationDecision).toMatchObject({ action: 'hidden', reason: 'harassment' });
    const ownFeed = await t.request({ method: 'GET', url: '/api/content/v2/feed/profile/public', as: author });
    expect(ids(ownFeed.body)).toContain(postId);
    // Nobody else can like it.
    const like = await t.request({
      method: 'POST',
      url: `/api/users/influencers/me/liked-creators-content/${postId}`,
      as: reader,
    });
    expect(like.statusCode).toBe(404);
    // The reporter sees their report decided.
    const mine = await t.request({ method: 'GET', url: `${REPORTS}/mine`, as: reader });
    // Named by its author, whom the reporter knew it was by, hidden or not.
    expect(mine.json().data.find((r: { id: string }) => r.id === filed.json().id)).toMatchObject({
      state: 'actioned',
      subjectUsername: author.username,
    });

    const restored = await decision(moderator, filed.json().id, 'restore-post');
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await whereSeen(reader, postId)).toEqual(before);
    expect(await tagCount()).toBe(countBefore);
    const again = await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${postId}`, as: author });
    expect(again.json().moderationDecision).toBeNull();
  });

  it('refuses a decision that changes nothing (409) and one that does not fit its subject (400)', async () => {
    const postId = await stagedPost();
    const filed = await report(reader, { kind: 'post', id: postId });
    expect((await decision(moderator, filed.json().id, 'restore-post')).json().code).toBe('ALREADY_DECIDED');
    const aboutCitizen = await report(reader, { kind: 'citizen', id: author.id });
    expect(aboutCitizen.json()).toMatchObject({ subject: { kind: 'citizen' }, subjectUsername: author.username });
    expect(filed.json().subjectUsername).toBe(author.username);
    const misfit = await decision(moderator, aboutCitizen.json().id, 'hide-post');
    expect(misfit.statusCode).toBe(400);
    expect(misfit.json().code).toBe('ACTION_DOES_NOT_FIT');
    expect((await decision(moderator, aboutCitizen.json().id, 'dismiss')).statusCode).toBe(200);
    expect((await decision(moderator, unknownId, 'dismiss')).statusCode).toBe(404);
  });
});

describe('reports', () => {
  it('one open report per reporter and subject: a second is a 409; another reporter, or after the decision, is new', async () => {
    const postId = await stagedPost();
    const first = await report(reader, { kind: 'post', id: postId });
    expect(first.statusCode).toBe(201);
    const second = await report(reader, { kind: 'post', id: postId }, 'other');
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('REPORT_ALREADY_OPEN');
    const other = await t.newCitizen({ country: COUNTRY });
    expect((await report(other, { kind: 'post', id: postId })).statusCode).toBe(201);
    expect((await decision(moderator, first.json().id, 'dismiss')).statusCode).toBe(200);
    expect((await report(reader, { kind: 'post', id: postId })).statusCode).toBe(201);
    const dismissed = await t.request({ method: 'GET', url: `${REPORTS}/mine`, as: reader });
    expect(dismissed.json().data.find((r: { id: string }) => r.id === first.json().id)).toMatchObject({
      state: 'dismissed',
    });
  });

  it('is a 404 for what the reporter cannot see, and a 400 for themselves', async () => {
    const hiddenFromReader = await t.newPost({ authorId: author.id, sharing: 'private' });
    expect((await report(reader, { kind: 'post', id: hiddenFromReader })).statusCode).toBe(404);
    expect((await report(reader, { kind: 'post', id: unknownId })).statusCode).toBe(404);
    expect((await report(reader, { kind: 'citizen', id: unknownId })).statusCode).toBe(404);
    expect((await report(reader, { kind: 'citizen', id: reader.id })).statusCode).toBe(400);
    const own = await t.newPost({ authorId: reader.id });
    expect((await report(reader, { kind: 'post', id: own })).statusCode).toBe(400);
  });

  it('pages my reports newest first', async () => {
    const reporter = await t.newCitizen({ country: COUNTRY });
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await report(reporter, { kind: 'post', id: await stagedPost() })).json().id);
    const first = await t.request({ method: 'GET', url: `${REPORTS}/mine?size=2`, as: reporter });
    expect(ids(first.body)).toEqual([made[2], made[1]]);
    const rest = await t.request({
      method: 'GET',
      url: `${REPORTS}/mine?size=2&continuationToken=${first.json().continuationToken}`,
      as: reporter,
    });
    expect(ids(rest.body)).toEqual([made[0]]);
    expect(rest.json().continuationToken).toBeNull();
  });
});

describe('the queue and the log', () => {
  it('lists open subjects first, grouped with their number of reports, then decided ones; the log names every decision', async () => {
    const fresh = await createTestApp({ seed: false });
    try {
      const [a, b, c, mod] = await Promise.all([1, 2, 3, 4].map(() => fresh.newCitizen()));
      await grantRole(fresh.ctx, (mod as Citizen).username, 'moderator');
      const post = await fresh.newPost({ authorId: (a as Citizen).id });
      const file = (as: Citizen, subject: { kind: 'post' | 'citizen'; id: string }) =>
        fresh.request({ method: 'POST', url: REPORTS, as, payload: { subject, reason: 'spam' } });
      const decided = await file(b as Citizen, { kind: 'citizen', id: (c as Citizen).id });
      await file(b as Citizen, { kind: 'post', id: post });
      await file(c as Citizen, { kind: 'post', id: post });
      const dismissed = await fresh.request({
        method: 'POST',
        url: `${REPORTS}/${decided.json().id}/decision`,
        as: mod as Citizen,
        payload: { action: 'dismiss', note: 'not spam' },
      });
      expect(dismissed.statusCode, dismissed.body).toBe(200);
      expect(dismissed.json()).toMatchObject({
        moderator: (mod as Citizen).username,
        subjectUsername: (c as Citizen).username,
      });
      const first = await fresh.request({ method: 'GET', url: `${REPORTS}?size=1`, as: mod as Citizen });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toMatchObject([
        { subject: { kind: 'post', id: post }, state: 'open', reportsCount: 2, preview: { actedOn: false } },
      ]);
      expect(first.json().data[0].reports).toHaveLength(2);
      const next = await fresh.request({
        method: 'GET',
        url: `${REPORTS}?size=5&continuationToken=${first.json().continuationToken}`,
        as: mod as Citizen,
      });
      expect(next.json().data).toMatchObject([
        { subject: { kind: 'citizen', id: (c as Citizen).id }, state: 'decided', reportsCount: 1 },
      ]);
      expect(next.json().continuationToken).toBeNull();
      const log = await fresh.request({ method: 'GET', url: '/api/moderation/v1/log', as: mod as Citizen });
      expect(log.json().data).toMatchObject([
        {
          moderator: (mod as Citizen).username,
          action: 'dismiss',
          subject: { kind: 'citizen', id: (c as Citizen).id },
          subjectUsername: (c as Citizen).username,
          reportId: decided.json().id,
          note: 'not spam',
        },
      ]);
      // A decision on a post names its author (ADR 073).
      const postReport = first.json().data[0].reports[0].id;
      const hidden = await fresh.request({
        method: 'POST',
        url: `${REPORTS}/${postReport}/decision`,
        as: mod as Citizen,
        payload: { action: 'hide-post', note: '' },
      });
      expect(hidden.json()).toMatchObject({
        subject: { kind: 'post', id: post },
        subjectUsername: (a as Citizen).username,
      });
      const newest = await fresh.request({ method: 'GET', url: '/api/moderation/v1/log?size=1', as: mod as Citizen });
      expect(newest.json().data).toMatchObject([{ action: 'hide-post', subjectUsername: (a as Citizen).username }]);
    } finally {
      await fresh.close();
    }
  });
});

describe('who may moderate', () => {
  it('is a moderator: others get 403, no session 401, a guest 403; the role taken away ends it at the next call', async () => {
    const filed = await report(reader, { kind: 'citizen', id: author.id });
    for (const url of [REPORTS, '/api/moderation/v1/log']) {
      const citizen = await t.request({ method: 'GET', url, as: reader });
      expect(citizen.statusCode).toBe(403);
      expect(citizen.json().code).toBe('NOT_A_MODERATOR');
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url, as: guest })).statusCode).toBe(403);
    }
    expect((await decision(reader, filed.json().id, 'dismiss')).json().code).toBe('NOT_A_MODERATOR');
    expect((await report(guest, { kind: 'citizen', id: author.id })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: REPORTS, payload: {} })).statusCode).toBe(401);

    const temporary = await t.newCitizen();
    await grantRole(t.ctx, temporary.username, 'moderator');
    expect((await t.request({ method: 'GET', url: REPORTS, as: temporary })).statusCode).toBe(200);
    await revokeRole(t.ctx, temporary.username, 'moderator');
    expect((await t.request({ method: 'GET', url: REPORTS, as: temporary })).statusCode).toBe(403);
  });
});

describe('suspension', () => {
  it('signs the citizen out everywhere, refuses their sign-in, hides them and their posts until unsuspended', async () => {
    const { id: suspendeeId } = await signUpAndVerify(t, 'suspendee');
    const { verifier, challenge } = pkcePair();
    const { code } = await authorizationCode(t, 'suspendee', challenge);
    const tokens = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: callbackUrl(t),
      client_id: WEB_CLIENT,
      code_verifier: verifier,
    });
    expect(tokens.statusCode, tokens.body).toBe(200);
    const { access_token: accessToken, refresh_token: refreshToken } = tokens.json();
    const bearer = { authorization: `Bearer ${accessToken}` };
    const me = await t.request({ method: 'GET', url: '/api/users/influencers/me', headers: bearer });
    expect(me.statusCode).toBe(200);
    const suspendee = { id: suspendeeId, username: 'suspendee' };
    const post = await t.newPost({ authorId: suspendee.id, caption: `#${TAG}` });
    const countBefore = await tagCount();

    const filed = await report(reader, { kind: 'post', id: post }, 'spam');
    const suspended = await decision(moderator, filed.json().id, 'suspend', 'Spam account');
    expect(suspended.statusCode, suspended.body).toBe(200);
    // Acted on the post's author, logged so.
    expect(suspended.json()).toMatchObject({ action: 'suspend', subject: { kind: 'citizen', id: suspendee.id } });

    expect((await t.request({ method: 'GET', url: '/api/users/influencers/me', headers: bearer })).statusCode).toBe(
      401,
    );
    const refreshed = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: WEB_CLIENT,
    });
    expect(refreshed.statusCode).toBe(400);
    const live = await t.ctx.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('citizen_id', '=', suspendee.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    const signIn = await signInAnswer(t, 'suspendee');
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    expect(signIn.json().message).toMatch(/suspended/);

    const profile = await t.request({ method: 'GET', url: '/api/users/influencers/profile/suspendee', as: reader });
    expect(profile.statusCode).toBe(404);
    const detail = await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${post}`, as: reader });
    expect(detail.statusCode).toBe(404);
    const tag = await t.request({ method: 'GET', url: `/api/content/v1/feed/hashtags/${TAG}`, as: reader });
    expect(ids(tag.body)).not.toContain(post);
    expect(await tagCount()).toBe(countBefore - 1);
    expect((await report(reader, { kind: 'citizen', id: suspendee.id })).statusCode).toBe(404);
    const mention = await t.request({
      method: 'GET',
      url: '/api/graphs/v3/citizens/search-mention/suspendee',
      as: reader,
    });
    expect(mention.json()).toMatchObject({ data: [], total: 0 });
    const follow = await t.request({
      method: 'POST',
      url: `/api/users/influencers/me/follow/${suspendee.id}`,
      as: reader,
    });
    expect(follow.statusCode).toBe(404);
    // The lists about them answer as their profile does, as for a citizen who does not exist.
    const lists = [
      `/api/graphs/influencers/mutual-following-connections/${suspendee.id}`,
      `/api/graphs/influencers/profile-relevant-creators/${suspendee.id}`,
      `/api/graphs/influencers/profile-relevant-citizens/${suspendee.id}`,
    ];
    for (const url of lists) {
      const answer = await t.request({ method: 'GET', url, as: reader });
      expect([url, answer.statusCode, answer.json().code]).toEqual([url, 404, 'CITIZEN_NOT_FOUND']);
    }

    const unsuspended = await decision(moderator, filed.json().id, 'unsuspend', 'Appeal granted');
    expect(unsuspended.statusCode, unsuspended.body).toBe(200);
    expect((await signInAnswer(t, 'suspendee')).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/api/users/influencers/profile/suspendee', as: reader })).statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${post}`, as: reader })).statusCode,
    ).toBe(200);
    expect(await tagCount()).toBe(countBefore);
    const found = await t.request({
      method: 'GET',
      url: '/api/graphs/v3/citizens/search-mention/suspendee',
      as: reader,
    });
    expect(found.json().total).toBe(1);
    for (const url of lists) expect((await t.request({ method: 'GET', url, as: reader })).statusCode).toBe(200);
  });

  it('a moderator cannot suspend themselves', async () => {
    const filed = await report(reader, { kind: 'citizen', id: moderator.id });
    const self = await decision(moderator, filed.json().id, 'suspend');
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('CANNOT_SUSPEND_YOURSELF');
  });
});

describe('decisions at the admin CLI', () => {
  it('take the same decisions, logged without a moderator', async () => {
    const postId = await stagedPost();
    expect(
      await moderate(t.ctx, { action: 'hide-post', post: postId, reason: 'violence', note: 'from the CLI' }),
    ).toMatch(/^hide-post: post /);
    const own = await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${postId}`, as: author });
    expect(own.json().moderationDecision).toMatchObject({ action: 'hidden', reason: 'violence' });
    expect(
      (await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${postId}`, as: reader })).statusCode,
    ).toBe(404);
    await expect(moderate(t.ctx, { action: 'hide-post', post: postId })).rejects.toThrow(
      'This post is already hidden.',
    );
    const log = await t.request({ method: 'GET', url: '/api/moderation/v1/log', as: moderator });
    expect(log.json().data[0]).toMatchObject({
      moderator: null,
      action: 'hide-post',
      note: 'from the CLI',
      reportId: null,
    });
    await moderate(t.ctx, { action: 'restore-post', post: postId });
    expect(
      (await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${postId}`, as: reader })).statusCode,
    ).toBe(200);
  });
});
