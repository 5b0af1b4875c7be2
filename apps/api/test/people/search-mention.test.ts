import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../support/answers.js';
import { asCitizen, type Citizen, createTestApp, type TestApp } from '../support/harness.js';
import { graph, uniquePrefix, usernames } from '../support/people.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = (me: Citizen, keyword: string, query = '') =>
  t.request({
    method: 'GET',
    url: `/api/graphs/v3/citizens/search-mention/${encodeURIComponent(keyword)}${query}`,
    as: asCitizen(me),
  });

describe('GET /v3/citizens/search-mention/:keyword', () => {
  it('ranks friends, then people I follow, then the rest by followers and username; never me', async () => {
    const p = uniquePrefix();
    const g = graph(t);
    const me = await g.citizen(`${p}_me`);
    const friend = await g.citizen(`${p}_zed`);
    const followed = await g.citizen(`${p}_yak`);
    const popular = await g.citizen(`${p}_xen`);
    const quietB = await g.citizen(`${p}_wbb`);
    const quietA = await g.citizen(`${p}_waa`);
    const unrelated = await g.citizen(`z${p}_other`);
    await g.befriend(me, friend);
    await g.follow(me, followed);
    await g.fans(popular, 2);

    const body = expectOk(await search(me, p));
    expect(usernames(body)).toEqual([friend, followed, popular, quietA, quietB].map((x) => x.username));
    expect(body.total).toBe(5);
    expect(body.data[0]).toEqual({
      id: friend.id,
      username: friend.username,
      displayName: `Test ${friend.username}`,
      profilePictureUri: null,
      country: 'GB',
      amIFollowing: false,
      isFriends: true,
      followersCount: 0,
    });
    expect(body.data[1]).toMatchObject({ amIFollowing: true, isFriends: false, followersCount: 1 });
    expect(body.data[2]).toMatchObject({ amIFollowing: false, isFriends: false, followersCount: 2 });
    expect(usernames(body)).not.toContain(unrelated.username);
  });

  it('matches the start of the username or of the first or second word of the display name, any case', async () => {
    const p = uniquePrefix();
    const g = graph(t);
    const me = await g.citizen(`${p}me`, { displayName: 'Searcher' });
    const byUsername = await g.citizen(`${p}_user`, { displayName: 'Nobody Special' });
    const byFirstWord = await g.citizen(`first_${p}`, { displayName: `${p.toUpperCase()}Anna Smith` });
    const bySecondWord = await g.citizen(`second_${p}`, { displayName: `Anna ${p}Jones` });
    await g.citizen(`inside_${p}`, { displayName: `Anna x${p} Jones` });

    const body = expectOk(await search(me, p.toUpperCase()));
    expect(usernames(body).sort()).toEqual([byUsername, byFirstWord, bySecondWord].map((x) => x.username).sort());
    // The '@' a person types before a name is not part of it.
    expect(expectOk(await search(me, `@${p}_u`)).data.map((x: Citizen) => x.id)).toEqual([byUsername.id]);
    // Display names with a space are searched as typed.
    expect(expectOk(await search(me, `anna ${p}`)).data.map((x: Citizen) => x.id)).toEqual([bySecondWord.id]);
  });

  it('treats %, _ and ! in the keyword literally', async () => {
    const p = uniquePrefix();
    const g = graph(t);
    const me = await g.citizen(`${p}me`, { displayName: 'Searcher' });
    const underscore = await g.citizen(`${p}_a`, { displayName: 'Under Score' });
    await g.citizen(`${p}xa`, { displayName: 'No Underscore' });
    const percent = await g.citizen(`pct${p}`, { displayName: `${p}% off` });
    await g.citizen(`pcx${p}`, { displayName: `${p}x off` });
    const bang = await g.citizen(`bng${p}`, { displayName: `${p}!bang` });

    expect(expectOk(await search(me, `${p}_`)).data.map((x: Citizen) => x.id)).toEqual([underscore.id]);
    expect(expectOk(await search(me, `${p}%`)).data.map((x: Citizen) => x.id)).toEqual([percent.id]);
    expect(expectOk(await search(me, `${p}!`)).data.map((x: Citizen) => x.id)).toEqual([bang.id]);
    expect(expectOk(await search(me, '%')).data).toEqual([]);
  });

  it('finds dismissed people too', async () => {
    const p = uniquePrefix();
    const g = graph(t);
    const me = await g.citizen(`${p}me`, { displayName: 'Searcher' });
    const other = await g.citizen(`${p}_other`);
    expect((await g.dismiss(me, other)).statusCode).toBe(204);
    expect(usernames(expectOk(await search(me, p)))).toEqual([other.username]);
  });

  it('pages by limit and offset and stops on an empty page', async () => {
    const p = uniquePrefix();
    const g = graph(t);
    const me = await g.citizen(`${p}me`, { displayName: 'Searcher' });
    const people = [];
    for (const suffix of ['e', 'a', 'd', 'b', 'c']) people.push(await g.citizen(`${p}_${suffix}`));
    const expected = people.map((x) => x.username).sort();

    const seen: string[] = [];
    for (let offset = 0; ; offset += 2) {
      const body = expectOk(await search(me, p, `?limit=2&offset=${offset}`));
      expect(body.total).toBe(5);
      if (body.data.length === 0) break;
      seen.push(...usernames(body));
    }
    expect(seen).toEqual(expected);
    expect(expectOk(await search(me, p, '?offset=1000'))).toEqual({ data: [], total: 5 });
  });

  it('answers bad input with 400', async () => {
    const me = await graph(t).citizen(`${uniquePrefix()}me`);
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=-1',
      '?limit=abc',
      '?offset=-1',
      '?offset=x',
      '?limit=1.5',
    ]) {
      const res = await search(me, 'ali', query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await search(me, 'a'.repeat(51))).statusCode).toBe(400);
    expect((await search(me, 'a'.repeat(50))).statusCode).toBe(200);
    expect((await search(me, '@')).statusCode).toBe(400);
    expect((await search(me, '   ')).statusCode).toBe(400);
  });
});
