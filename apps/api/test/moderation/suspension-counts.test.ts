import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../../src/cli/commands/moderation.js';
import { expectError, expectOk } from '../support/answers.js';
import { observe, paths, post, sendFriendRequest } from '../support/calls.js';
import { asCitizen, type Citizen, createTestApp, type TestApp, type Who } from '../support/harness.js';
import { graph, uniquePrefix } from '../support/people.js';
import { halfWrites } from '../support/world-state.js';

/**
 * The people counts while a citizen is suspended (ADR 076), through the real server: a suspended citizen is listed
 * nowhere, so the follower, following and friend counts of everyone at the other end of their edges leave them out,
 * equal to a recount of the lists that name people; lifting the suspension brings them back.
 */

const REPORTS = '/api/moderation/v1/reports';
const GRAPHS = '/api/graphs/influencers';

let t: TestApp;
let moderator: Citizen;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  moderator = await t.newCitizen();
  await grantRole(t.ctx, moderator.username, 'moderator');
});
afterAll(() => t.close());

const as = (who: Citizen): Who => asCitizen(who);

/** A report about the citizen, so a moderator can decide on it. */
async function reportAbout(reporter: Citizen, citizen: Citizen): Promise<string> {
  const filed = await t.request({
    method: 'POST',
    url: REPORTS,
    as: as(reporter),
    payload: { subject: { kind: 'citizen', id: citizen.id }, reason: 'spam' },
  });
  return expectOk(filed, 201).id;
}

const decide = (reportId: string, action: 'suspend' | 'unsuspend') =>
  t.request({
    method: 'POST',
    url: `${REPORTS}/${reportId}/decision`,
    as: as(moderator),
    payload: { action, note: 'counts' },
  });

const listLength = async (url: string, viewer: Citizen): Promise<number> =>
  expectOk(await t.request({ method: 'GET', url: `${url}?limit=50`, as: as(viewer) })).data.length;

const incomingRequests = async (who: Citizen): Promise<string[]> =>
  expectOk(await t.request({ method: 'GET', url: '/api/users/influencers/me/friend-requests', as: as(who) })).data.map(
    (request: { id: string }) => request.id,
  );

const countsOf = async (viewer: Citizen, of: Citizen) => {
  const { followersCount, followingCount, friendsCount } = await observe(t).profile(viewer, of);
  return { followersCount, followingCount, friendsCount };
};

describe('suspension and the people counts', () => {
  it('takes a suspended citizen off the counts of the people they follow, who follow them and their friends', async () => {
    const people = graph(t);
    const prefix = uniquePrefix();
    // `target`'s followers: suspendee and fan; whom target follows: suspendee and idol; friends: suspendee and pal.
    const target = await people.citizen(`${prefix}t`);
    const suspendee = await people.creator(`${prefix}s`);
    const fan = await people.citizen(`${prefix}f`);
    const idol = await people.creator(`${prefix}i`);
    const pal = await people.citizen(`${prefix}p`);
    // `watcher` follows the two followers: the mutual list they read about target names exactly target's followers.
    const watcher = await people.citizen(`${prefix}w`);
    // `stranger` knows nobody: their relevant lists about target name all whom target follows, and all their friends.
    const stranger = await people.citizen(`${prefix}x`);
    await people.follow(suspendee, target);
    await people.follow(fan, target);
    await people.follow(target, suspendee, idol);
    await people.befriend(target, suspendee);
    await people.befriend(target, pal);
    await people.follow(watcher, suspendee, fan);
    // A pending request from the suspendee: it cannot be approved while they are suspended.
    const pending = await sendFriendRequest(t, suspendee, pal);
    // A like of theirs stays counted (ADR 076: no list names who liked a post).
    const idolPost = await t.newPost({ authorId: idol.id, caption: 'liked by the suspendee' });
    expectOk(await post(t, paths.like(idolPost), suspendee));

    /** Target's counts as a stranger sees them, and the lists that recount them. */
    const countsAndRecount = async () => ({
      counts: await countsOf(stranger, target),
      recount: {
        followersCount: await listLength(`${GRAPHS}/mutual-following-connections/${target.id}`, watcher),
        followingCount: await listLength(`${GRAPHS}/profile-relevant-creators/${target.id}`, stranger),
        friendsCount: await listLength(`${GRAPHS}/profile-relevant-citizens/${target.id}`, stranger),
      },
    });
    const before = await countsAndRecount();
    expect(before.counts).toEqual({ followersCount: 2, followingCount: 2, friendsCount: 2 });
    expect(before.recount).toEqual(before.counts);

    const reportId = await reportAbout(stranger, suspendee);
    expectOk(await decide(reportId, 'suspend'));
    const during = await countsAndRecount();
    expect(during.counts).toEqual({ followersCount: 1, followingCount: 1, friendsCount: 1 });
    expect(during.recount).toEqual(during.counts);
    expect(await countsOf(stranger, watcher)).toMatchObject({ followingCount: 1 });
    expect(await countsOf(stranger, pal)).toMatchObject({ friendsCount: 1 });
    expect(await countsOf(stranger, idol)).toMatchObject({ followersCount: 1 });
    expect((await observe(t).postOverview(stranger, idolPost)).likesOverviewDetails.likesCount).toBe(1);
    expect(await halfWrites(t.ctx.db)).toEqual([]);

    // Nothing between them and the suspended citizen can change meanwhile, so nothing drifts.
    expectError(await post(t, paths.unfollow(suspendee.id), target), 404, 'CITIZEN_NOT_FOUND');
    expectError(await post(t, paths.unfriend(suspendee.id), target), 404, 'CITIZEN_NOT_FOUND');
    expectError(await post(t, paths.approveRequest(pending), pal), 404, 'CITIZEN_NOT_FOUND');
    expect(await incomingRequests(pal)).toEqual([]);
    expect(await countsOf(stranger, pal)).toMatchObject({ friendsCount: 1 });

    // A second suspension is refused and moves nothing.
    expectError(await decide(reportId, 'suspend'), 409, 'ALREADY_DECIDED');
    expect((await countsAndRecount()).counts).toEqual(during.counts);
    expect(await halfWrites(t.ctx.db)).toEqual([]);

    expectOk(await decide(reportId, 'unsuspend'));
    const after = await countsAndRecount();
    expect(after.counts).toEqual(before.counts);
    expect(after.recount).toEqual(after.counts);
    // Their own counts never moved: they count the others.
    expect(await countsOf(stranger, suspendee)).toEqual({ followersCount: 2, followingCount: 1, friendsCount: 1 });
    expect(await countsOf(stranger, watcher)).toMatchObject({ followingCount: 2 });
    expect(await halfWrites(t.ctx.db)).toEqual([]);

    // Lifting a suspension that is not there is refused and moves nothing either.
    expectError(await decide(reportId, 'unsuspend'), 409, 'ALREADY_DECIDED');
    expect((await countsAndRecount()).counts).toEqual(before.counts);
    // The request waited: it is listed again and can be approved now.
    expect(await incomingRequests(pal)).toEqual([pending]);
    expectOk(await post(t, paths.approveRequest(pending), pal));
    expect(await countsOf(stranger, pal)).toMatchObject({ friendsCount: 2 });
    expect(await halfWrites(t.ctx.db)).toEqual([]);
  });

  it('keeps the counts whole when two citizens who follow and befriend each other are both suspended', async () => {
    const people = graph(t);
    const prefix = uniquePrefix();
    const one = await people.citizen(`${prefix}o`);
    const two = await people.citizen(`${prefix}d`);
    const reader = await people.citizen(`${prefix}r`);
    await people.follow(one, two);
    await people.follow(two, one);
    await people.befriend(one, two);
    const aboutOne = await reportAbout(reader, one);
    const aboutTwo = await reportAbout(reader, two);

    expectOk(await decide(aboutOne, 'suspend'));
    expectOk(await decide(aboutTwo, 'suspend'));
    expect(await halfWrites(t.ctx.db)).toEqual([]);
    // Lifted in the other order: each comes back counting the other only once both are back.
    expectOk(await decide(aboutOne, 'unsuspend'));
    expect(await countsOf(reader, one)).toEqual({ followersCount: 0, followingCount: 0, friendsCount: 0 });
    expect(await halfWrites(t.ctx.db)).toEqual([]);
    expectOk(await decide(aboutTwo, 'unsuspend'));
    expect(await countsOf(reader, one)).toEqual({ followersCount: 1, followingCount: 1, friendsCount: 1 });
    expect(await countsOf(reader, two)).toEqual({ followersCount: 1, followingCount: 1, friendsCount: 1 });
    expect(await halfWrites(t.ctx.db)).toEqual([]);
  });

  it('keeps the counts whole when follows and unfollows race the suspension', async () => {
    const people = graph(t);
    const prefix = uniquePrefix();
    const suspendee = await people.citizen(`${prefix}s`);
    const others = await Promise.all(Array.from({ length: 12 }, (_, i) => people.citizen(`${prefix}n${i}`)));
    // Half of them follow already and unfollow now; the other half follow now.
    await Promise.all(others.slice(0, 6).map((other) => people.follow(other, suspendee)));
    const reportId = await reportAbout(others[0] as Citizen, suspendee);
    const answers = await Promise.all([
      decide(reportId, 'suspend'),
      ...others.map((other, i) => post(t, i < 6 ? paths.unfollow(suspendee.id) : paths.follow(suspendee.id), other)),
    ]);
    expect(answers[0]?.statusCode, answers[0]?.body).toBe(200);
    // Each graph change happened before the suspension or was refused after it: never half of each.
    for (const answer of answers.slice(1)) expect([200, 404], answer.body).toContain(answer.statusCode);
    expect(await halfWrites(t.ctx.db)).toEqual([]);
    expectOk(await decide(reportId, 'unsuspend'));
    expect(await halfWrites(t.ctx.db)).toEqual([]);
  });
});
