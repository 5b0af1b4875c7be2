import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOk, expectOk } from '../support/answers.js';
import { observe, paths, post } from '../support/calls.js';
import { createTestApp, newCitizens, type TestApp } from '../support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const citizens = (count: number) => newCitizens(t, count);

describe('concurrent writes keep counts exact', () => {
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
