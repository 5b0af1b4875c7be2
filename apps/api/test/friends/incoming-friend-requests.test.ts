import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../support/answers.js';
import { paths, post, sendFriendRequest } from '../support/calls.js';
import { type Citizen, createTestApp, guest, type TestApp } from '../support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inbox = '/api/users/influencers/me/friend-requests';
const read = (who: Citizen | typeof guest, query = '') =>
  t.request({ method: 'GET', url: `${inbox}${query}`, as: who });
/** Requests sent a second apart, so their order is the order they were sent in. */
async function sentInTurn(to: Citizen, senders: Citizen[]): Promise<string[]> {
  const realNow = t.ctx.now;
  const ids: string[] = [];
  try {
    for (const [turn, sender] of senders.entries()) {
      const at = realNow() + turn * 1000;
      t.ctx.now = () => at;
      ids.push(await sendFriendRequest(t, sender, to));
    }
  } finally {
    t.ctx.now = realNow;
  }
  return ids;
}

describe('GET /influencers/me/friend-requests', () => {
  it('lists the requests waiting for my answer, newest first, page by page, the last page without a token', async () => {
    const me = await t.newCitizen();
    const [first, second, third] = [await t.newCitizen(), await t.newCitizen(), await t.newCitizen()];
    const ids = await sentInTurn(me, [first, second, third] as Citizen[]);
    // One I sent is not one waiting for me.
    await sendFriendRequest(t, me, await t.newCitizen());

    const page1 = expectOk(await read(me, '?size=2'));
    expect(page1.data.map((request: { id: string }) => request.id)).toEqual([ids[2], ids[1]]);
    expect(page1.data[0]).toMatchObject({
      from: { id: third?.id, username: third?.username, amIFollowing: false, isFriends: false },
    });
    expect(new Date(page1.data[0].createdAt).getTime()).toBe(page1.data[0].createdAtTimestampInMilliseconds);
    expect(page1.continuationToken).toEqual(expect.any(String));

    const page2 = expectOk(await read(me, `?size=2&continuationToken=${encodeURIComponent(page1.continuationToken)}`));
    expect(page2.data.map((request: { id: string }) => request.id)).toEqual([ids[0]]);
    expect(page2.continuationToken).toBeNull();
  });

  it('forgets a request once it is accepted, declined or withdrawn', async () => {
    const me = await t.newCitizen();
    const [accepted, declined, withdrawn] = [await t.newCitizen(), await t.newCitizen(), await t.newCitizen()];
    const ids = await sentInTurn(me, [accepted, declined, withdrawn] as Citizen[]);
    expect(expectOk(await read(me)).data).toHaveLength(3);

    expectOk(await post(t, paths.approveRequest(ids[0] as string), me));
    expectOk(await post(t, paths.declineRequest(ids[1] as string), me));
    expectOk(await post(t, paths.cancelRequest(ids[2] as string), withdrawn as Citizen));
    expect(expectOk(await read(me))).toEqual({ data: [], continuationToken: null });
  });

  it('is mine alone, and refuses a token from another list', async () => {
    const me = await t.newCitizen();
    const other = await t.newCitizen();
    await sentInTurn(me, [await t.newCitizen(), await t.newCitizen()]);
    await sentInTurn(other, [await t.newCitizen(), await t.newCitizen()]);
    expect(expectOk(await read(other)).data).toHaveLength(2);
    expect((await read(guest)).statusCode).toBe(403);

    const mine = expectOk(await read(me, '?size=1')).continuationToken as string;
    expectError(
      await read(other, `?size=1&continuationToken=${encodeURIComponent(mine)}`),
      400,
      'INVALID_CONTINUATION_TOKEN',
    );
  });
});
