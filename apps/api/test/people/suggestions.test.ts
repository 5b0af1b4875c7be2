import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POPULAR_MIN_FOLLOWERS } from '../../src/domains/people/suggestions/candidates.js';
import { expectOk } from '../support/answers.js';
import { asCitizen, type Citizen, createTestApp, type TestApp, unknownId } from '../support/harness.js';
import { graph, uniquePrefix, usernames } from '../support/people.js';

/**
 * Suggestions rank every creator in the database, so each scenario gets its own empty database
 * (no demo world) and the expected lists are exact.
 */
interface World {
  t: TestApp;
  me: Citizen;
  a: Citizen;
  b: Citizen;
  friend: Citizen;
  c1: Citizen;
  c2: Citizen;
  c3: Citizen;
  c4: Citizen;
  c5: Citizen;
  c8: Citizen;
  c9: Citizen;
  plainFof: Citizen;
}

async function buildWorld(): Promise<World> {
  const t = await createTestApp({ seed: false });
  const g = graph(t);
  const p = uniquePrefix();
  const me = await g.creator(`${p}me`);
  // The people I follow and my friend post nothing: they are my network, not candidates.
  const a = await g.citizen(`${p}_a`);
  const b = await g.citizen(`${p}_b`);
  const friend = await g.citizen(`${p}_friend`);
  const c1 = await g.creator(`${p}_c1`);
  const c2 = await g.creator(`${p}_c2`);
  const c3 = await g.creator(`${p}_c3`);
  const c4 = await g.creator(`${p}_c4`);
  const c5 = await g.creator(`${p}_c5`, { country: 'FR' });
  const c6 = await g.creator(`${p}_c6`);
  const c7 = await g.creator(`${p}_c7`);
  const c8 = await g.creator(`${p}_c8`);
  // Of another country, with one follower fewer than "popular" asks for: no reason is true of them.
  const c9 = await g.creator(`${p}_c9`, { country: 'FR' });
  const lurker = await g.citizen(`${p}_lurker`);
  const plainFof = await g.citizen(`${p}_plainfof`);
  await g.follow(me, a, b, c7);
  await g.befriend(me, friend);
  await g.follow(a, c1, c2, c7, lurker);
  await g.follow(b, c1);
  await g.befriend(friend, c2);
  await g.befriend(friend, c3);
  await g.befriend(friend, plainFof);
  await g.fans(c5, POPULAR_MIN_FOLLOWERS);
  await g.fans(c9, POPULAR_MIN_FOLLOWERS - 1);
  await g.fans(c8, 1);
  await g.fans(c6, 5);
  expect((await g.dismiss(me, c6)).statusCode).toBe(204);
  return { t, me, a, b, friend, c1, c2, c3, c4, c5, c8, c9, plainFof };
}

const suggestionsUrl = '/api/social/v1/citizens/me/suggested-creators';
const suggestions = (w: World, query = '') =>
  w.t.request({ method: 'GET', url: `${suggestionsUrl}${query}`, as: asCitizen(w.me) });
const relevant = (w: World, which: 'creators' | 'citizens') =>
  w.t.request({ method: 'GET', url: `/api/social/v1/citizens/me/relevant-${which}`, as: asCitizen(w.me) });

interface Suggestion {
  id: string;
  citizenId: string;
  username: string;
  reason: string;
  via: string[];
}

describe('suggested creators and relevant lists', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
  });
  afterAll(() => w.t.close());

  it('ranks by reason, each creator once under its strongest reason, with who leads to them', async () => {
    const body = expectOk(await suggestions(w));
    expect(body.data.map((s: Suggestion) => [s.username, s.reason, s.via])).toEqual([
      [w.c1.username, 'followed_by_people_you_follow', [w.a.username, w.b.username]],
      [w.c2.username, 'followed_by_people_you_follow', [w.a.username]],
      [w.c3.username, 'friend_of_friends', [w.friend.username]],
      [w.c8.username, 'same_country', []],
      [w.c4.username, 'same_country', []],
      [w.c5.username, 'popular', []],
    ]);
    expect(body.data[0]).toMatchObject({ id: w.c1.id, citizenId: w.c1.id, amIFollowing: false, followersCount: 2 });
    // All of them on this page: no token, so no "show more" that would find nothing.
    expect(body.continuationToken).toBeNull();
  });

  it('pages with a continuation token while more are left, and gives none with the last page', async () => {
    const first = expectOk(await suggestions(w, '?size=4'));
    expect(usernames(first)).toEqual([w.c1, w.c2, w.c3, w.c8].map((x) => x.username));
    expect(typeof first.continuationToken).toBe('string');
    const second = expectOk(
      await suggestions(w, `?size=4&continuationToken=${encodeURIComponent(first.continuationToken)}`),
    );
    expect(usernames(second)).toEqual([w.c4, w.c5].map((x) => x.username));
    expect(second.continuationToken).toBeNull();
    // Exactly as many as asked for, and none after them: no token either.
    const exact = expectOk(
      await suggestions(w, `?size=2&continuationToken=${encodeURIComponent(first.continuationToken)}`),
    );
    expect(usernames(exact)).toEqual([w.c4, w.c5].map((x) => x.username));
    expect(exact.continuationToken).toBeNull();
  });

  it('lists relevant creators and citizens', async () => {
    expect(usernames(expectOk(await relevant(w, 'creators')))).toEqual([w.c1.username, w.c2.username]);
    // Any friend of my friends counts here, creator or not.
    expect(usernames(expectOk(await relevant(w, 'citizens')))).toEqual([
      w.c2.username,
      w.c3.username,
      w.plainFof.username,
    ]);
  });

  it('refuses a tampered token or one from another citizen', async () => {
    const token = expectOk(await suggestions(w, '?size=1')).continuationToken as string;
    const tampered = `${token.slice(0, 5)}${token[5] === 'A' ? 'B' : 'A'}${token.slice(6)}`;
    const bad = await suggestions(w, `?continuationToken=${encodeURIComponent(tampered)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_CONTINUATION_TOKEN');
    const other = await w.t.request({
      method: 'GET',
      url: `${suggestionsUrl}?continuationToken=${encodeURIComponent(token)}`,
      as: asCitizen(w.a),
    });
    expect(other.statusCode).toBe(400);
    for (const query of ['?size=0', '?size=51', '?size=-1', '?size=abc', `?continuationToken=${'x'.repeat(513)}`]) {
      expect((await suggestions(w, query)).statusCode, query).toBe(400);
    }
  });
});

describe('"popular on Civitas"', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
  });
  afterAll(() => w.t.close());

  it('calls a creator popular only from the threshold of followers on, and then for that reason', async () => {
    const popular = (body: { data: Suggestion[] }) =>
      body.data.filter((s) => s.reason === 'popular').map((s) => s.username);
    expect(popular(expectOk(await suggestions(w)))).toEqual([w.c5.username]);
    expect(usernames(expectOk(await suggestions(w)))).not.toContain(w.c9.username);
    // One more follower and c9 is popular too, after c5 (more followers).
    await graph(w.t).fans(w.c9, 1);
    expect(popular(expectOk(await suggestions(w)))).toEqual([w.c5.username, w.c9.username]);
  });
});

describe('dismissing a suggestion', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
  });
  afterAll(() => w.t.close());

  const dismiss = (suggestedProfileId: unknown, who: Citizen = w.me) =>
    w.t.request({
      method: 'POST',
      url: '/api/users/influencers/me/dismiss-relevant-profile-suggestion',
      as: asCitizen(who),
      payload: { suggestedProfileId },
    });

  it('removes the person from suggestions and relevant lists at once, for good', async () => {
    expect((await dismiss(w.c1.id)).statusCode).toBe(204);
    expect((await dismiss(w.c1.id)).statusCode).toBe(204);
    expect((await dismiss(w.c3.id)).statusCode).toBe(204);

    const remaining = [w.c2, w.c8, w.c4, w.c5].map((x) => x.username);
    expect(usernames(expectOk(await suggestions(w)))).toEqual(remaining);
    expect(usernames(expectOk(await relevant(w, 'creators')))).toEqual([w.c2.username]);
    expect(usernames(expectOk(await relevant(w, 'citizens')))).toEqual([w.c2.username, w.plainFof.username]);

    // More people following them does not bring them back.
    const g = graph(w.t);
    await g.fans(w.c1, 10);
    await g.follow(w.a, w.c3);
    expect(usernames(expectOk(await suggestions(w)))).toEqual(remaining);
    expect(usernames(expectOk(await relevant(w, 'creators')))).toEqual([w.c2.username]);

    // Someone else's suggestions are untouched.
    const theirs = expectOk(await w.t.request({ method: 'GET', url: suggestionsUrl, as: asCitizen(w.friend) }));
    expect(usernames(theirs)).toContain(w.c1.username);
  });

  it('refuses to dismiss myself, an unknown person or a malformed id', async () => {
    const self = await dismiss(w.me.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('CANNOT_DISMISS_SELF');
    const unknown = await dismiss(unknownId);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('CITIZEN_NOT_FOUND');
    expect((await dismiss('nope')).statusCode).toBe(400);
    expect((await dismiss(undefined)).statusCode).toBe(400);
    expect((await dismiss(42)).statusCode).toBe(400);
  });
});

describe('who counts as a creator', () => {
  it('is someone with a public, published post: friends-only posts and drafts are not shown to strangers', async () => {
    const t = await createTestApp({ seed: false });
    try {
      const g = graph(t);
      const p = uniquePrefix();
      const me = await g.citizen(`${p}me`);
      const followee = await g.citizen(`${p}_followee`);
      const friend = await g.citizen(`${p}_friend`);
      const open = await g.creator(`${p}_open`);
      const friendsOnly = await g.citizen(`${p}_private`);
      await t.newPost({ authorId: friendsOnly.id, caption: 'for my friends', sharing: 'private' });
      const drafting = await g.citizen(`${p}_draft`);
      await t.newPost({ authorId: drafting.id, caption: 'not yet', status: 'awaiting_upload' });
      await g.follow(me, followee);
      await g.befriend(me, friend);
      // Every reason could lead to each of them: my followee follows them, my friend is their friend, they are
      // of my country, and they have followers.
      await g.follow(followee, open, friendsOnly, drafting);
      for (const person of [open, friendsOnly, drafting]) await g.befriend(friend, person);
      const mine = { method: 'GET' as const, as: asCitizen(me) };
      const suggested = expectOk(await t.request({ ...mine, url: suggestionsUrl }));
      expect(usernames(suggested)).toEqual([open.username]);
      const relevantCreators = expectOk(
        await t.request({ ...mine, url: '/api/social/v1/citizens/me/relevant-creators' }),
      );
      expect(usernames(relevantCreators)).toEqual([open.username]);
      const theirs = expectOk(
        await t.request({ ...mine, url: `/api/graphs/influencers/profile-relevant-creators/${followee.id}` }),
      );
      expect(usernames(theirs)).toEqual([open.username]);
      // Friends of my friends are listed as citizens all the same, creators or not.
      const relevantCitizens = expectOk(
        await t.request({ ...mine, url: '/api/social/v1/citizens/me/relevant-citizens' }),
      );
      expect(new Set(usernames(relevantCitizens))).toEqual(
        new Set([open.username, friendsOnly.username, drafting.username]),
      );
    } finally {
      await t.close();
    }
  });
});
