import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.js';
import { type Citizen, expectOk, newCitizens, observe, paths, post } from '../support/social.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const citizens = (count: number) => newCitizens(t, count);

/** Runs the calls all at once and checks every one of them succeeded. */
async function allOk(calls: Promise<{ statusCode: number; body: string }>[]): Promise<void> {
  for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(200);
}

describe('concurrent writes keep counts exact', () => {
  it('40 likes, 15 unlikes and duplicate likes in parallel leave exactly 25', async () => {
    const author = await t.newCitizen();
    const postId = await t.newPost({ authorId: author.id });
    const fans = await citizens(40);

    await allOk(
      fans.flatMap((fan, i) => [
        post(t, paths.like(postId), fan),
        ...(i % 3 === 0 ? [post(t, paths.like(postId), fan)] : []),
      ]),
    );
    expect((await observe(t).postOverview(author, postId)).likesOverviewDetails.likesCount).toBe(40);

    const leaving = fans.slice(0, 15);
    const staying = fans.slice(15);
    await allOk([
      ...leaving.flatMap((fan, i) => [
        post(t, paths.unlike(postId), fan),
        ...(i % 2 === 0 ? [post(t, paths.unlike(postId), fan)] : []),
      ]),
      ...staying.map((fan) => post(t, paths.like(postId), fan)),
    ]);

    expect((await observe(t).postOverview(author, postId)).likesOverviewDetails.likesCount).toBe(25);
    expect((await observe(t).postOverview(leaving[0] as Citizen, postId)).likesOverviewDetails.liked).toBe(false);
    expect((await observe(t).postOverview(staying[0] as Citizen, postId)).likesOverviewDetails.liked).toBe(true);
    const rows = await t.ctx.db.selectFrom('likes').select('citizen_id').where('post_id', '=', postId).execute();
    expect(rows).toHaveLength(25);
  });

  it('parallel follows and unfollows of one citizen leave followersCount exact', async () => {
    const star = await t.newCitizen();
    const followers = await citizens(30);
    await allOk(
      followers.flatMap((f, i) => [
        post(t, paths.follow(star.id), f),
        ...(i % 4 === 0 ? [post(t, paths.follow(star.id), f)] : []),
      ]),
    );
    expect(await observe(t).overview(star, star)).toMatchObject({ followersCount: 30 });

    const leaving = followers.slice(0, 10);
    await allOk([
      ...leaving.flatMap((f) => [post(t, paths.unfollow(star.id), f), post(t, paths.unfollow(star.id), f)]),
      ...followers.slice(10).map((f) => post(t, paths.follow(star.id), f)),
    ]);
    expect(await observe(t).overview(star, star)).toMatchObject({ followersCount: 20 });
    for (const f of [leaving[0], followers[29]] as Citizen[]) {
      expect(await observe(t).overview(f, f)).toMatchObject({ followingCount: f === leaving[0] ? 0 : 1 });
    }
  });

  it('people following each other at the same moment all succeed with exact counts', async () => {
    const people = await citizens(8);
    // Every ordered pair at once: each row is locked from both sides.
    const calls = people.flatMap((a) => people.filter((b) => b !== a).map((b) => post(t, paths.follow(b.id), a)));
    await allOk(calls);
    for (const person of people) {
      expect(await observe(t).overview(person, person)).toMatchObject({ followersCount: 7, followingCount: 7 });
    }
  });

  it('parallel duplicate friend requests between one pair yield one 201 and the rest 409', async () => {
    const [a, b] = await citizens(2);
    if (!a || !b) throw new Error('citizens not created');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? post(t, paths.friendRequest(b.id), a) : post(t, paths.friendRequest(a.id), b),
      ),
    );
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const requests = await t.ctx.db
      .selectFrom('friend_requests')
      .select('id')
      .where((eb) => eb.or([eb('from_id', 'in', [a.id, b.id]), eb('to_id', 'in', [a.id, b.id])]))
      .execute();
    expect(requests).toHaveLength(1);
  });

  it('a request approved and cancelled at the same moment ends exactly one way', async () => {
    const [a, b] = await citizens(2);
    if (!a || !b) throw new Error('citizens not created');
    const requestId = expectOk(await post(t, paths.friendRequest(b.id), a), 201).friendRequestId;
    const [approved, cancelled] = await Promise.all([
      post(t, paths.approveRequest(requestId), b),
      post(t, paths.cancelRequest(requestId), a),
    ]);
    expect([approved.statusCode, cancelled.statusCode].sort()).toEqual([200, 404]);
    const friends = approved.statusCode === 200;
    expect(await observe(t).profile(a, b)).toMatchObject({
      isFriends: friends,
      friendRequestDetails: null,
      friendsCount: friends ? 1 : 0,
    });
  });

  it('many people befriending one citizen at once keep friendsCount exact', async () => {
    const hub = await t.newCitizen();
    const others = await citizens(12);
    const ids = (await Promise.all(others.map((o) => post(t, paths.friendRequest(hub.id), o)))).map(
      (res) => expectOk(res, 201).friendRequestId as string,
    );
    await allOk(ids.map((id) => post(t, paths.approveRequest(id), hub)));
    expect(await observe(t).overview(hub, hub)).toMatchObject({ friendsCount: 12 });
    await allOk(
      others.slice(0, 5).flatMap((o) => [post(t, paths.unfriend(hub.id), o), post(t, paths.unfriend(o.id), hub)]),
    );
    expect(await observe(t).overview(hub, hub)).toMatchObject({ friendsCount: 7 });
  });
});
